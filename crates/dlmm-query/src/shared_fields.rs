//! [`structs_sharing!`](crate::shared_fields::structs_sharing): model structs that begin with the same fields, those
//! fields written once (serde and the shape derive see each struct whole, so nothing is flattened on the wire).

/// Declares each struct given with the `{ … }` fields first, then its own: `structs_sharing! { { shared fields }
/// #[…] pub struct A { own fields } #[…] pub struct B { … } }`.
macro_rules! structs_sharing {
    ($shared:tt $($(#[$meta:meta])* $vis:vis struct $name:ident $own:tt)+) => {
        $(crate::shared_fields::structs_sharing!(@one $shared $(#[$meta])* $vis struct $name $own);)+
    };
    (@one { $($shared:tt)* } $(#[$meta:meta])* $vis:vis struct $name:ident { $($own:tt)* }) => {
        $(#[$meta])*
        $vis struct $name {
            $($shared)*
            $($own)*
        }
    };
}

pub(crate) use structs_sharing;
