//! `#[derive(Shape)]`: a model's serde layout as a static table, read from the same `#[serde(...)]` attributes
//! serde's own derive reads, so the table cannot drift from the model.
//!
//! For a struct the table lists each field's wire name (what `Deserialize` reads; what `Serialize` writes must be that
//! name in camelCase, which the transcoder derives, and is checked), the shape of its value (the field type's own
//! `HasShape::SHAPE`, or the wire function named by `deserialize_with`), what a missing field becomes (required, or the
//! field type's default) and whether `None` is left out of the output (`skip_serializing_if`). For an enum of unit
//! variants it lists the variants' names. Any `serde` attribute the table cannot express is a compile error, never a
//! silently different table.
//!
//! It also derives `FromSlot`: the model built from the slots its shape reads (`crate::slot`), field by field in
//! declaration order, a `#[serde(skip)]` field and a missing `#[serde(default)]` one taking their type's default, an
//! enum's variant by its index in the table.
//!
//! And it derives `TsType`: the model's TypeScript name as tsify writes it (`type_prefix` and the type's name, with its
//! type arguments), for declarations written from Rust types.
//!
//! The generated code names `crate::shape`, `crate::slot`, `crate::ts_type` and `crate::wire`: the derive is for the models of
//! `dlmm-query` (which re-exports those modules of `dlmm-json`) and for `dlmm-json`'s own test models.

use proc_macro::TokenStream;
use proc_macro2::{Span, TokenStream as Tokens};
use quote::quote;
use syn::{Data, DeriveInput, Fields, GenericParam, Ident, LitStr, Type, parse_macro_input, parse_quote};

/// Derives `crate::shape::HasShape` from the type's serde attributes, `crate::slot::FromSlot` (the model built
/// from what its shape reads) and `crate::ts_type::TsType` (its TypeScript name, from tsify's `type_prefix`).
#[proc_macro_derive(Shape)]
pub fn derive_shape(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand(input).unwrap_or_else(syn::Error::into_compile_error).into()
}

/// `#[lenient_numbers]` above a model struct's derives: each numeric field (`f64`, `u64`, `i64`, `i32`, `u16`, `u8`,
/// and `Option` of the first four) read by no function of its own (`deserialize_with`) reads a number or numeric text,
/// as `#[serde(deserialize_with = "crate::wire::f64")]` (`u64`, …, `opt_f64`, …) reads it; serde's derive and `Shape`
/// then both see that attribute. The vendor's wire rule for numbers, stated once per model rather than on each field.
///
/// `#[lenient_numbers(ts)]` also declares the model to TypeScript under the `wasm` feature (tsify's derive), and
/// `#[lenient_numbers(ts = "Dlmm")]` with that `type_prefix`.
#[proc_macro_attribute]
pub fn lenient_numbers(args: TokenStream, input: TokenStream) -> TokenStream {
    let mut input = parse_macro_input!(input as DeriveInput);
    let declared = match args.is_empty() {
        true => None,
        false => match syn::parse::<TsArg>(args) {
            Ok(declared) => Some(declared),
            Err(e) => return e.into_compile_error().into(),
        },
    };
    if let Some(TsArg(prefix)) = declared {
        input.attrs.push(parse_quote!(#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]));
        if let Some(prefix) = prefix {
            input.attrs.push(parse_quote!(#[cfg_attr(feature = "wasm", tsify(type_prefix = #prefix))]));
        }
    }
    let fields = match &mut input.data {
        Data::Struct(data) => Ok(&mut data.fields),
        _ => Err("lenient_numbers: for structs"),
    };
    let fields = match fields {
        Ok(fields) => fields,
        Err(message) => return syn::Error::new_spanned(&input.ident, message).into_compile_error().into(),
    };
    for field in fields.iter_mut() {
        if field_attrs(&field.attrs).map_or(true, |attrs| attrs.with.is_some()) {
            continue;
        }
        let reader = match (primitive(&field.ty), &field.ty) {
            (Some(number), _) => number.to_owned(),
            (None, Type::Path(p)) if is_option(&field.ty) => match option_of(p).and_then(primitive) {
                Some(number @ ("f64" | "u64" | "i64" | "i32")) => format!("opt_{number}"),
                _ => continue,
            },
            _ => continue,
        };
        let reader = format!("crate::wire::{reader}");
        field.attrs.push(parse_quote!(#[serde(deserialize_with = #reader)]));
    }
    quote!(#input).into()
}

/// `lenient_numbers`' argument: `ts`, or `ts = "Prefix"` (the TypeScript type prefix).
struct TsArg(Option<LitStr>);

impl syn::parse::Parse for TsArg {
    fn parse(input: syn::parse::ParseStream) -> syn::Result<Self> {
        let name: Ident = input.parse()?;
        if name != "ts" {
            return Err(syn::Error::new(name.span(), "lenient_numbers: takes `ts` or `ts = \"Prefix\"`"));
        }
        let prefix = input.parse::<Option<syn::Token![=]>>()?.map(|_| input.parse()).transpose()?;
        Ok(Self(prefix))
    }
}

/// The name of a numeric type with a lenient reader (`f64`, `u64`, `i64`, `i32`, `u16`, `u8`).
fn primitive(ty: &Type) -> Option<&'static str> {
    let Type::Path(p) = ty else { return None };
    let ident = p.path.get_ident().filter(|_| p.qself.is_none())?;
    ["f64", "u64", "i64", "i32", "u16", "u8"].into_iter().find(|name| ident == name)
}

/// What `Option<…>` holds.
fn option_of(option: &syn::TypePath) -> Option<&Type> {
    match &option.path.segments.last()?.arguments {
        syn::PathArguments::AngleBracketed(args) => match args.args.first()? {
            syn::GenericArgument::Type(ty) => Some(ty),
            _ => None,
        },
        _ => None,
    }
}

/// How `rename_all` renames, for what serde reads and for what it writes.
#[derive(Default)]
struct Renames {
    deserialize: Option<String>,
    serialize: Option<String>,
}

/// What the serde attributes of one field say.
#[derive(Default)]
struct FieldAttrs {
    rename: Option<String>,
    default: bool,
    with: Option<String>,
    skip: bool,
    skip_none: bool,
}

fn expand(mut input: DeriveInput) -> syn::Result<Tokens> {
    let renames = container_renames(&input)?;
    let name = &input.ident;
    let name_text = name.to_string();
    let (shape, build) = match &input.data {
        Data::Struct(data) => {
            let Fields::Named(fields) = &data.fields else {
                return Err(syn::Error::new_spanned(&input.ident, "Shape: only structs with named fields"));
            };
            let mut rows = Vec::new();
            let mut builders = Vec::new();
            for field in &fields.named {
                let attrs = field_attrs(&field.attrs)?;
                let member = field.ident.as_ref().expect("named field");
                builders.push(if attrs.skip {
                    quote!(#member: ::core::default::Default::default())
                } else if attrs.default {
                    quote!(#member: crate::slot::field_or_default(&mut fields))
                } else {
                    quote!(#member: crate::slot::field(&mut fields))
                });
                if attrs.skip {
                    continue;
                }
                let ident = member.to_string();
                let ident = ident.strip_prefix("r#").unwrap_or(&ident).to_owned();
                let wire = match &attrs.rename {
                    Some(n) => n.clone(),
                    None => rename_field(&ident, renames.deserialize.as_deref(), field)?,
                };
                let js = match &attrs.rename {
                    Some(n) => n.clone(),
                    None => rename_field(&ident, renames.serialize.as_deref(), field)?,
                };
                if js != camel_case(&wire) {
                    let message = format!(
                        "Shape: the output name {js:?} must be the wire name {wire:?} in camelCase (the transcoder derives it)"
                    );
                    return Err(syn::Error::new_spanned(field, message));
                }
                let ty = &field.ty;
                let shape = match &attrs.with {
                    Some(path) => {
                        let function = path.rsplit("::").next().unwrap_or(path);
                        let variant = Ident::new(&pascal(function), Span::call_site());
                        quote!(&crate::shape::Shape::Leaf(crate::shape::Leaf::With(crate::shape::With::#variant)))
                    }
                    None => quote!(&<#ty as crate::shape::HasShape>::SHAPE),
                };
                // serde fills a missing field with its type's default when told to (`default`) and for an `Option`
                // read by its own `Deserialize`; any other missing field is an error. An `Option`'s default is
                // `None`, `null` whatever the option holds.
                let missing = if is_option(ty) && (attrs.default || attrs.with.is_none()) {
                    quote!(crate::shape::Missing::Default)
                } else if attrs.default {
                    // The transcoder writes the default from the field's shape; an enum's shape does not tell it.
                    quote!({
                        const {
                            assert!(
                                crate::shape::default_is_zero(#shape),
                                "#[serde(default)] on a field holding an enum: its default is not in its shape"
                            )
                        };
                        crate::shape::Missing::Default
                    })
                } else {
                    quote!(crate::shape::Missing::Required)
                };
                let (skip_none, default_attr) = (attrs.skip_none, attrs.default);
                rows.push(quote! {
                    crate::shape::Field {
                        wire: #wire, shape: #shape, missing: #missing, skip_none: #skip_none, default_attr: #default_attr,
                    }
                });
            }
            let shape = quote! {
                crate::shape::Shape::Struct(&crate::shape::StructShape { name: #name_text, fields: &[#(#rows),*] })
            };
            let build = quote! {
                let mut fields = slot.into_fields();
                Self { #(#builders),* }
            };
            (shape, build)
        }
        Data::Enum(data) => {
            let mut variants = Vec::new();
            let mut other = quote!(None);
            let (mut arms, mut fallback) = (Vec::new(), None);
            for variant in &data.variants {
                if !matches!(variant.fields, Fields::Unit) {
                    return Err(syn::Error::new_spanned(variant, "Shape: only enums of unit variants"));
                }
                let (rename, is_other) = variant_attrs(&variant.attrs)?;
                let ident = variant.ident.to_string();
                let wire = match &rename {
                    Some(n) => n.clone(),
                    None => rename_variant(&ident, renames.deserialize.as_deref(), variant)?,
                };
                let js = match &rename {
                    Some(n) => n.clone(),
                    None => rename_variant(&ident, renames.serialize.as_deref(), variant)?,
                };
                let member = &variant.ident;
                if is_other {
                    other = quote!(Some(#js));
                    fallback = Some(quote!(Self::#member));
                } else {
                    let index = variants.len();
                    arms.push(quote!(crate::slot::Slot::Variant(#index) => Self::#member,));
                    fallback.get_or_insert_with(|| quote!(Self::#member));
                    variants.push(quote!((#wire, #js)));
                }
            }
            let Some(fallback) = fallback else {
                return Err(syn::Error::new_spanned(&input.ident, "Shape: an enum needs a variant"));
            };
            let shape = quote! {
                crate::shape::Shape::Leaf(crate::shape::Leaf::Enum(&crate::shape::EnumShape {
                    name: #name_text, variants: &[#(#variants),*], other: #other,
                }))
            };
            // The `other` variant, or the first, for any index the reader does not name.
            let build = quote! {
                match slot {
                    #(#arms)*
                    _ => #fallback,
                }
            };
            (shape, build)
        }
        Data::Union(_) => return Err(syn::Error::new_spanned(&input.ident, "Shape: unions have no shape")),
    };
    let ts_name = format!("{}{name_text}", ts_prefix(&input)?);
    let mut ts_generics = input.generics.clone();
    let mut ts_name_parts = vec![quote!(.push(#ts_name))];
    for (i, param) in ts_generics.params.iter_mut().enumerate() {
        if let GenericParam::Type(p) = param {
            p.bounds.push(parse_quote!(crate::ts_type::TsType));
            let (arg, separator) = (&p.ident, if i == 0 { "<" } else { ", " });
            ts_name_parts.push(quote!(.push(#separator).push(<#arg as crate::ts_type::TsType>::TS.as_str())));
        }
    }
    if ts_name_parts.len() > 1 {
        ts_name_parts.push(quote!(.push(">")));
    }
    let mut slot_generics = input.generics.clone();
    for param in &mut slot_generics.params {
        if let GenericParam::Type(p) = param {
            p.bounds.push(parse_quote!(crate::slot::FromSlot));
        }
    }
    for param in &mut input.generics.params {
        if let GenericParam::Type(p) = param {
            p.bounds.push(parse_quote!(crate::shape::HasShape));
        }
    }
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let (slot_impl_generics, _, slot_where_clause) = slot_generics.split_for_impl();
    let (ts_impl_generics, _, ts_where_clause) = ts_generics.split_for_impl();
    Ok(quote! {
        impl #impl_generics crate::shape::HasShape for #name #ty_generics #where_clause {
            const SHAPE: crate::shape::Shape = #shape;
        }
        impl #ts_impl_generics crate::ts_type::TsType for #name #ty_generics #ts_where_clause {
            const TS: crate::ts_type::TsText<{ crate::ts_type::TS_NAME_BYTES }> =
                crate::ts_type::TsText::EMPTY #(#ts_name_parts)*;
        }
        impl #slot_impl_generics crate::slot::FromSlot for #name #ty_generics #slot_where_clause {
            fn from_slot(slot: crate::slot::Slot) -> Self {
                #build
            }
        }
    })
}

/// The container's tsify `type_prefix` (empty without one): its TypeScript name is the prefix and the type's name.
fn ts_prefix(input: &DeriveInput) -> syn::Result<String> {
    let mut prefix = String::new();
    for attr in input.attrs.iter().filter(|a| a.path().is_ident("tsify")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("type_prefix") {
                prefix = meta.value()?.parse::<LitStr>()?.value();
            } else if meta.input.peek(syn::Token![=]) {
                meta.value()?.parse::<syn::Expr>()?;
            }
            Ok(())
        })?;
    }
    Ok(prefix)
}

/// The container's `rename_all` (`rename_all = "…"` for both directions, `rename_all(serialize = "…")` for one).
fn container_renames(input: &DeriveInput) -> syn::Result<Renames> {
    let mut renames = Renames::default();
    for attr in input.attrs.iter().filter(|a| a.path().is_ident("serde")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("rename_all") {
                if meta.input.peek(syn::Token![=]) {
                    let rule: LitStr = meta.value()?.parse()?;
                    renames.deserialize = Some(rule.value());
                    renames.serialize = Some(rule.value());
                    return Ok(());
                }
                return meta.parse_nested_meta(|inner| {
                    let rule: LitStr = inner.value()?.parse()?;
                    if inner.path.is_ident("serialize") {
                        renames.serialize = Some(rule.value());
                    } else if inner.path.is_ident("deserialize") {
                        renames.deserialize = Some(rule.value());
                    } else {
                        return Err(inner.error("Shape: unknown rename_all direction"));
                    }
                    Ok(())
                });
            }
            Err(meta.error("Shape: this container attribute has no table form"))
        })?;
    }
    Ok(renames)
}

fn field_attrs(attrs: &[syn::Attribute]) -> syn::Result<FieldAttrs> {
    let mut out = FieldAttrs::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("rename") {
                out.rename = Some(meta.value()?.parse::<LitStr>()?.value());
            } else if meta.path.is_ident("default") {
                if meta.input.peek(syn::Token![=]) {
                    return Err(meta.error("Shape: `default = \"…\"` has no table form"));
                }
                out.default = true;
            } else if meta.path.is_ident("deserialize_with") {
                out.with = Some(meta.value()?.parse::<LitStr>()?.value());
            } else if meta.path.is_ident("skip") {
                out.skip = true;
            } else if meta.path.is_ident("skip_serializing_if") {
                let test = meta.value()?.parse::<LitStr>()?.value();
                if test != "Option::is_none" {
                    return Err(meta.error("Shape: only `skip_serializing_if = \"Option::is_none\"`"));
                }
                out.skip_none = true;
            } else {
                return Err(meta.error("Shape: this field attribute has no table form"));
            }
            Ok(())
        })?;
    }
    Ok(out)
}

fn variant_attrs(attrs: &[syn::Attribute]) -> syn::Result<(Option<String>, bool)> {
    let (mut rename, mut other) = (None, false);
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("rename") {
                rename = Some(meta.value()?.parse::<LitStr>()?.value());
            } else if meta.path.is_ident("other") {
                other = true;
            } else {
                return Err(meta.error("Shape: this variant attribute has no table form"));
            }
            Ok(())
        })?;
    }
    Ok((rename, other))
}

/// True for `Option<…>` (serde's derive reads a missing `Option` field as `None`).
fn is_option(ty: &Type) -> bool {
    matches!(ty, Type::Path(p) if p.qself.is_none() && p.path.segments.last().is_some_and(|s| s.ident == "Option"))
}

/// A snake_case field name under serde's `rename_all` rule.
fn rename_field(field: &str, rule: Option<&str>, at: &impl quote::ToTokens) -> syn::Result<String> {
    Ok(match rule {
        None | Some("snake_case") | Some("lowercase") => field.to_owned(),
        Some("camelCase") => {
            let pascal = pascal(field);
            let mut chars = pascal.chars();
            chars.next().map(|c| c.to_ascii_lowercase().to_string() + chars.as_str()).unwrap_or_default()
        }
        Some("PascalCase") => pascal(field),
        Some("SCREAMING_SNAKE_CASE") | Some("UPPERCASE") => field.to_ascii_uppercase(),
        Some("kebab-case") => field.replace('_', "-"),
        Some(other) => return Err(syn::Error::new_spanned(at, format!("Shape: unknown rename rule {other}"))),
    })
}

/// A PascalCase variant name under serde's `rename_all` rule.
fn rename_variant(variant: &str, rule: Option<&str>, at: &impl quote::ToTokens) -> syn::Result<String> {
    let snake = || {
        let mut out = String::new();
        for (i, c) in variant.char_indices() {
            if i > 0 && c.is_uppercase() {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        }
        out
    };
    Ok(match rule {
        None | Some("PascalCase") => variant.to_owned(),
        Some("lowercase") => variant.to_ascii_lowercase(),
        Some("UPPERCASE") => variant.to_ascii_uppercase(),
        Some("snake_case") => snake(),
        Some("SCREAMING_SNAKE_CASE") => snake().to_ascii_uppercase(),
        Some("kebab-case") => snake().replace('_', "-"),
        Some("camelCase") => variant[..1].to_ascii_lowercase() + &variant[1..],
        Some(other) => return Err(syn::Error::new_spanned(at, format!("Shape: unknown rename rule {other}"))),
    })
}

/// A wire name as the transcoder writes it for JavaScript (`crate::shape::js_name`): each `_` dropped and the
/// character after it upper-cased.
fn camel_case(wire: &str) -> String {
    let pascal = pascal(wire);
    let mut chars = wire.chars();
    match chars.next() {
        Some('_') | None => pascal,
        Some(first) => first.to_string() + &pascal[first.len_utf8()..],
    }
}

/// `snake_case` → `PascalCase`, as serde capitalizes after each underscore.
fn pascal(snake: &str) -> String {
    let mut out = String::new();
    let mut capitalize = true;
    for c in snake.chars() {
        if c == '_' {
            capitalize = true;
        } else if capitalize {
            out.push(c.to_ascii_uppercase());
            capitalize = false;
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::camel_case;

    /// The same cases as `dlmm_query::shape::js_name`'s test: the derive accepts a field only when this name is the
    /// one serde writes, and the transcoder writes `js_name`'s.
    #[test]
    fn camel_case_is_the_transcoders_rule() {
        for (wire, expected) in [
            ("address", "address"),
            ("bin_step", "binStep"),
            ("fee_tvl_ratio_24h", "feeTvlRatio24h"),
            ("volume_30m", "volume30m"),
            ("a__b", "aB"),
            ("_x", "X"),
            ("trailing_", "trailing"),
            ("feeTvlRatio", "feeTvlRatio"),
            ("a_\u{e9}t\u{e9}", "a\u{e9}t\u{e9}"),
            ("", ""),
        ] {
            assert_eq!(camel_case(wire), expected, "{wire}");
        }
    }
}
