//! A list page's state in the URL query, described once. A page lists its fields, each with its URL key and the
//! kind of value it holds ([`UrlState::fields`], [`Field`]); reading the state from a query, writing it back (values
//! at their default left out), changing some keys from a control and turning the page all follow from that list.
//!
//! Every value is read trimmed, and a missing or invalid one takes its default.

use std::fmt::Display;
use std::str::FromStr;

/// The page sizes the list pages offer.
pub const PAGE_SIZES: [u32; 4] = [10, 25, 50, 100];

/// The key of a list's page: a change of any other key goes back to the first page ([`UrlState::changed`]).
pub const PAGE: &str = "page";

/// A value kept in the URL as its text: any type that reads itself from text and writes itself back (the datapi's
/// enumerations, the sort choices, plain numbers).
pub trait Value {
    /// Takes the value `text` names; an invalid text leaves it as it is.
    fn read(&mut self, text: &str);
    /// The value's text.
    fn write(&self) -> String;
}

impl<T: FromStr + Display> Value for T {
    fn read(&mut self, text: &str) {
        if let Ok(value) = text.parse() {
            *self = value;
        }
    }

    fn write(&self) -> String {
        self.to_string()
    }
}

/// What a [`Field`] holds, and so how its text is read and written.
enum Kind<'a> {
    Text(&'a mut String),
    Number(&'a mut u32, fn(u32) -> bool),
    Floor(&'a mut f64),
    Flag(&'a mut bool),
    Word(&'a mut bool, &'static str),
    List(&'a mut Vec<String>),
    Value(&'a mut dyn Value),
}

/// One field of a list page's state: its URL key and the value it holds.
pub struct Field<'a> {
    key: &'static str,
    kind: Kind<'a>,
    written: bool,
}

impl<'a> Field<'a> {
    fn new(key: &'static str, kind: Kind<'a>) -> Self {
        Self { key, kind, written: true }
    }

    /// Free text (a search, a token), trimmed.
    pub fn text(key: &'static str, value: &'a mut String) -> Self {
        Self::new(key, Kind::Text(value))
    }

    /// A whole number the page offers (`offered`).
    pub fn number(key: &'static str, value: &'a mut u32, offered: fn(u32) -> bool) -> Self {
        Self::new(key, Kind::Number(value, offered))
    }

    /// A page, from 1.
    pub fn page(key: &'static str, value: &'a mut u32) -> Self {
        Self::number(key, value, |page| page >= 1)
    }

    /// A page size, one of [`PAGE_SIZES`].
    pub fn page_size(key: &'static str, value: &'a mut u32) -> Self {
        Self::number(key, value, |size| PAGE_SIZES.contains(&size))
    }

    /// A floor (USD or percent): a finite number from 0, written when above 0.
    pub fn floor(key: &'static str, value: &'a mut f64) -> Self {
        Self::new(key, Kind::Floor(value))
    }

    /// A flag: on as `1` or `true`, written `1`.
    pub fn flag(key: &'static str, value: &'a mut bool) -> Self {
        Self::new(key, Kind::Flag(value))
    }

    /// A flag that is on when the key holds `word` (`view=groups`).
    pub fn word(key: &'static str, word: &'static str, value: &'a mut bool) -> Self {
        Self::new(key, Kind::Word(value, word))
    }

    /// Words (mints) separated by commas, spaces or new lines, written comma-separated.
    pub fn list(key: &'static str, value: &'a mut Vec<String>) -> Self {
        Self::new(key, Kind::List(value))
    }

    /// Any other [`Value`].
    pub fn value(key: &'static str, value: &'a mut dyn Value) -> Self {
        Self::new(key, Kind::Value(value))
    }

    /// The same field, left out of the query unless `written` (a value that only means something beside another).
    pub fn written_if(self, written: bool) -> Self {
        Self { written, ..self }
    }

    /// Takes the value `text` (trimmed) names; an invalid text leaves it as it is.
    fn read(&mut self, text: &str) {
        match &mut self.kind {
            Kind::Text(value) => **value = text.to_owned(),
            Kind::Number(value, offered) => {
                if let Some(number) = text.parse().ok().filter(|n| offered(*n)) {
                    **value = number;
                }
            }
            Kind::Floor(value) => {
                if let Some(floor) = dlmm_query::float::parse(text).filter(|v: &f64| v.is_finite() && *v >= 0.0) {
                    **value = floor;
                }
            }
            Kind::Flag(value) => **value = text == "1" || text == "true",
            Kind::Word(value, word) => **value = text == *word,
            Kind::List(value) => {
                **value =
                    text.split([',', ' ', '\n']).map(str::trim).filter(|w| !w.is_empty()).map(str::to_owned).collect()
            }
            Kind::Value(value) => value.read(text),
        }
    }

    /// The value's text (empty for no floor, a flag that is off, no words).
    fn write(&self) -> String {
        match &self.kind {
            Kind::Text(value) => value.to_string(),
            Kind::Number(value, _) => value.to_string(),
            Kind::Floor(value) if **value > 0.0 => dlmm_query::float::text(**value),
            Kind::Floor(_) => String::new(),
            Kind::Flag(value) => (if **value { "1" } else { "" }).to_owned(),
            Kind::Word(value, word) => (if **value { *word } else { "" }).to_owned(),
            Kind::List(value) => value.join(","),
            Kind::Value(value) => value.write(),
        }
    }
}

/// A list page's state, kept in the URL query: described by its [`fields`](UrlState::fields), read and written by
/// the provided methods.
pub trait UrlState: Clone + Default {
    /// Every field with its key, in the order the query lists them.
    fn fields(&mut self) -> Vec<Field<'_>>;

    /// Brings a state just read within what the page offers (a value that reads but is not offered takes its
    /// default). Nothing by default.
    fn fit(&mut self) {}

    /// Reads the state from a query (`get` gives a key's text); a missing or invalid value takes its default.
    fn from_query(get: impl Fn(&str) -> Option<String>) -> Self {
        let mut state = Self::default();
        for mut field in state.fields() {
            if let Some(text) = get(field.key) {
                field.read(text.trim());
            }
        }
        state.fit();
        state
    }

    /// The query string (with its leading `?`, or empty) of every field whose text differs from its default's.
    fn to_query(&self) -> String {
        let (mut state, mut default) = (self.clone(), Self::default());
        let parts: Vec<String> = state
            .fields()
            .iter()
            .zip(default.fields().iter())
            .filter(|(field, _)| field.written)
            .filter_map(|(field, default)| {
                let text = field.write();
                (text != default.write()).then(|| format!("{}={}", field.key, encode_component(&text)))
            })
            .collect();
        if parts.is_empty() { String::new() } else { format!("?{}", parts.join("&")) }
    }

    /// Every key with its value's text.
    fn texts(&self) -> Vec<(&'static str, String)> {
        let mut state = self.clone();
        state.fields().iter().map(|field| (field.key, field.write())).collect()
    }

    /// The state with the texts of some keys replaced (`changes`; an empty or invalid text takes its default), and
    /// the others as they are — except the [`PAGE`], which goes back to the first.
    fn changed(&self, changes: &[(&str, String)]) -> Self {
        let texts = self.texts();
        Self::from_query(|key| match changes.iter().find(|(k, _)| *k == key) {
            Some((_, text)) => Some(text.clone()),
            None if key == PAGE => None,
            None => texts.iter().find(|(k, _)| *k == key).map(|(_, text)| text.clone()),
        })
    }

    /// The same state on another page (`page` as the [`PAGE`] key counts; a page it does not offer takes its
    /// default).
    fn on_page(&self, page: impl Display) -> Self {
        self.changed(&[(PAGE, page.to_string())])
    }
}

/// Percent-encodes a query value (RFC 3986 unreserved characters and `,` stay as they are).
pub fn encode_component(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for b in value.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b',' => out.push(b as char),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// How the tests read a query: a key's text from pairs, or from a query string.
#[cfg(test)]
pub(crate) mod testing {
    /// Reads a key's text from `pairs`.
    pub(crate) fn from_pairs<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |key| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| (*v).to_owned())
    }

    /// Reads a key's text from a query string (`?a=1&b=x%20y`), its percent-escapes decoded.
    pub(crate) fn from_query_string(query: &str) -> impl Fn(&str) -> Option<String> {
        let pairs: Vec<(String, String)> = query
            .trim_start_matches('?')
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .map(|(key, value)| (key.to_owned(), decode(value)))
            .collect();
        move |key| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
    }

    fn decode(text: &str) -> String {
        let mut parts = text.split('%');
        let mut bytes = parts.next().unwrap_or_default().as_bytes().to_vec();
        for part in parts {
            bytes.push(u8::from_str_radix(&part[..2], 16).unwrap());
            bytes.extend(part[2..].bytes());
        }
        String::from_utf8(bytes).unwrap()
    }
}

#[cfg(test)]
mod tests {
    use dlmm_query::datapi::params::Direction;

    use super::testing::{from_pairs, from_query_string};
    use super::*;

    /// A state with a field of every kind.
    #[derive(Clone, Debug, PartialEq)]
    struct Every {
        q: String,
        order: Direction,
        min: f64,
        hide: bool,
        grouped: bool,
        mints: Vec<String>,
        token: String,
        side: u8,
        size: u32,
        page: u32,
    }

    impl Default for Every {
        fn default() -> Self {
            Self {
                q: String::new(),
                order: Direction::Desc,
                min: 0.0,
                hide: false,
                grouped: false,
                mints: Vec::new(),
                token: String::new(),
                side: 0,
                size: 25,
                page: 1,
            }
        }
    }

    impl UrlState for Every {
        fn fields(&mut self) -> Vec<Field<'_>> {
            let has_token = !self.token.is_empty();
            vec![
                Field::word("view", "groups", &mut self.grouped),
                Field::text("q", &mut self.q),
                Field::value("order", &mut self.order),
                Field::floor("min", &mut self.min),
                Field::flag("hide", &mut self.hide),
                Field::list("mints", &mut self.mints),
                Field::text("token", &mut self.token),
                Field::value("side", &mut self.side).written_if(has_token),
                Field::page_size("size", &mut self.size),
                Field::page(PAGE, &mut self.page),
            ]
        }

        fn fit(&mut self) {
            self.q = self.q.chars().take(5).collect();
        }
    }

    fn read(pairs: &[(&str, &str)]) -> Every {
        Every::from_query(from_pairs(pairs))
    }

    #[test]
    fn the_default_state_has_an_empty_query() {
        assert_eq!(read(&[]), Every::default());
        assert_eq!(Every::default().to_query(), "");
    }

    #[test]
    fn every_kind_round_trips_in_the_order_of_the_fields() {
        let link = [
            ("page", "3"),
            ("size", "50"),
            ("side", "1"),
            ("token", " USDC "),
            ("mints", "a, b\nc"),
            ("hide", "true"),
            ("min", "1000.5"),
            ("order", "asc"),
            ("q", " a & b "),
            ("view", "groups"),
        ];
        let state = read(&link);
        assert_eq!(state.q, "a & b", "trimmed, then fitted");
        assert_eq!((state.token.as_str(), state.side, state.size, state.page), ("USDC", 1, 50, 3));
        assert_eq!(state.mints, ["a", "b", "c"]);
        assert!(state.hide && state.grouped && state.min == 1000.5 && state.order == Direction::Asc);
        let query = state.to_query();
        assert_eq!(
            query,
            "?view=groups&q=a%20%26%20b&order=asc&min=1000.5&hide=1&mints=a,b,c&token=USDC&side=1&size=50&page=3"
        );
        assert_eq!(Every::from_query(from_query_string(&query)), state);
        assert_eq!(read(&[("q", "abcdefgh")]).q, "abcde");
    }

    #[test]
    fn invalid_values_take_their_defaults() {
        let link = [
            ("view", "pairs"),
            ("order", "sideways"),
            ("min", "-5"),
            ("hide", "0"),
            ("side", "x"),
            ("size", "7"),
            ("page", "0"),
        ];
        assert_eq!(read(&link), Every::default());
        assert_eq!(read(&[("min", "NaN")]).min, 0.0);
        assert_eq!(read(&[("min", "-0")]).to_query(), "", "no floor is written as none");
    }

    #[test]
    fn a_field_written_only_beside_another_is_left_out_alone() {
        assert_eq!(Every { side: 1, ..Every::default() }.to_query(), "");
        assert_eq!(Every { side: 1, token: "x".into(), ..Every::default() }.to_query(), "?token=x&side=1");
    }

    #[test]
    fn a_change_keeps_the_other_keys_and_goes_back_to_the_first_page() {
        let state = read(&[("q", "sol"), ("min", "5"), ("hide", "1"), ("size", "10"), ("page", "4")]);
        let changed = state.changed(&[("min", String::new()), ("order", "asc".into())]);
        assert_eq!(changed, Every { min: 0.0, order: Direction::Asc, page: 1, ..state.clone() });
        assert!(!state.changed(&[("hide", String::new())]).hide);
        assert_eq!(state.changed(&[("size", "oops".into())]).size, 25, "an invalid text takes the default");
        assert_eq!(state.texts().iter().find(|(k, _)| *k == "min"), Some(&("min", "5".to_owned())));
    }

    #[test]
    fn turning_the_page_keeps_everything_else() {
        let state = read(&[("q", "sol"), ("page", "4")]);
        assert_eq!(state.on_page(5), Every { page: 5, ..state.clone() });
        assert_eq!(state.on_page(0).page, 1, "a page not offered takes the default");
    }

    #[test]
    fn components_are_percent_encoded() {
        assert_eq!(encode_component("SOL & $WIF ü,a"), "SOL%20%26%20%24WIF%20%C3%BC,a");
        assert_eq!(encode_component("tvl:desc"), "tvl%3Adesc");
    }
}
