//! The playground inside another page's `<iframe>`: options from the query string
//! (`?embed=1&readonly=1&autoplay=1&step=N&editor=0&lang=zh&theme=dark&origins=...`)
//! and a postMessage API (`dsplay:*` messages) to drive it from the host page.
//!
//! Parsing is pure and tested natively; [`use_embed`] is the browser side.

mod host;

pub use host::use_embed;

use crate::i18n::Lang;
use crate::share_link::lang_from_key;

/// What the query string asks of an embedded playground. Outside `embed=1` only the
/// language is honoured here; `?theme=` is read by index.html's first script, which
/// owns the page's palette.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmbedOptions {
    pub embed: bool,
    /// The scenario cannot be edited or changed by console commands.
    pub readonly: bool,
    pub autoplay: bool,
    /// The frame to start on.
    pub step: Option<usize>,
    /// Show the editor (`editor=0` hides it).
    pub editor: bool,
    pub lang: Option<Lang>,
    /// Origins allowed to drive the iframe and to hear from it.
    pub origins: Vec<String>,
}

impl Default for EmbedOptions {
    fn default() -> Self {
        EmbedOptions { embed: false, readonly: false, autoplay: false, step: None, editor: true, lang: None, origins: Vec::new() }
    }
}

impl EmbedOptions {
    /// Reads `location.search` (with or without `?`). Unknown keys and values that do
    /// not read are ignored: an embedding page written for a newer playground still works.
    pub fn from_query(search: &str) -> EmbedOptions {
        let mut options = EmbedOptions::default();
        for part in search.trim_start_matches('?').split('&') {
            let (key, value) = part.split_once('=').unwrap_or((part, ""));
            let value = percent_decode(value);
            let flag = matches!(value.as_str(), "1" | "true" | "yes" | "");
            match key {
                "embed" => options.embed = flag,
                "readonly" => options.readonly = flag,
                "autoplay" => options.autoplay = flag,
                "editor" => options.editor = flag,
                "step" => options.step = value.parse().ok(),
                "lang" => options.lang = lang_from_key(&value),
                "origins" => options.origins = value.split(',').filter_map(normalize_origin).collect(),
                _ => {}
            }
        }
        options
    }

    /// Whether the editor pane is on the page.
    pub fn shows_editor(&self) -> bool {
        !self.embed || self.editor
    }

    /// The origins the iframe talks with: the allow-list when given; otherwise the
    /// embedding page's origin (from the referrer), and failing that only its own.
    pub fn allowed_origins(&self, referrer_origin: Option<&str>, own_origin: &str) -> Vec<String> {
        if !self.origins.is_empty() {
            return self.origins.clone();
        }
        match referrer_origin.and_then(normalize_origin) {
            Some(origin) => vec![origin],
            None => normalize_origin(own_origin).into_iter().collect(),
        }
    }
}

/// `scheme://host[:port]` in lower case, or `None` for anything else (paths, `*`,
/// `null`, other schemes): an allow-list entry must name exactly one origin.
pub fn normalize_origin(entry: &str) -> Option<String> {
    let entry = entry.trim().trim_end_matches('/').to_ascii_lowercase();
    let (scheme, rest) = entry.split_once("://")?;
    let host_ok = !rest.is_empty()
        && rest.bytes().all(|b| b.is_ascii_alphanumeric() || b"-.:[]".contains(&b))
        && !rest.starts_with(':');
    (matches!(scheme, "http" | "https") && host_ok).then_some(entry)
}

/// `%XX` and `+` as a form would encode them; a malformed escape stays as it is.
fn percent_decode(value: &str) -> String {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => {
                match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                    (Some(h), Some(l)) => {
                        out.push((h * 16 + l) as u8);
                        i += 3;
                        continue;
                    }
                    _ => out.push(b'%'),
                }
            }
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// What the host page asks, from a `dsplay:*` message.
#[derive(Clone, Debug, PartialEq)]
pub enum HostCommand {
    /// `{type: "dsplay:load", text}`: replace the scenario.
    Load(String),
    Play,
    Pause,
    /// `{type: "dsplay:step", by: 1 | -1}` (default 1).
    Step(i32),
    /// `{type: "dsplay:seek", frame}`.
    Seek(usize),
}

impl HostCommand {
    /// From a message's `type` and its fields; `None` for anything else, which is ignored.
    pub fn parse(kind: &str, text: Option<String>, by: Option<f64>, frame: Option<f64>) -> Option<HostCommand> {
        match kind {
            "dsplay:load" => text.map(HostCommand::Load),
            "dsplay:play" => Some(HostCommand::Play),
            "dsplay:pause" => Some(HostCommand::Pause),
            "dsplay:step" => match by {
                None => Some(HostCommand::Step(1)),
                Some(by) if by < 0.0 => Some(HostCommand::Step(-1)),
                Some(_) => Some(HostCommand::Step(1)),
            },
            "dsplay:seek" => frame.filter(|f| f.is_finite() && *f >= 0.0).map(|f| HostCommand::Seek(f as usize)),
            _ => None,
        }
    }
}

/// `scheme://authority` of a URL such as `document.referrer`.
pub fn origin_of_url(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    normalize_origin(&format!("{scheme}://{authority}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_options() {
        let options = EmbedOptions::from_query(
            "?embed=1&readonly=1&autoplay=1&step=12&editor=0&lang=zh&theme=dark&origins=https%3A%2F%2Fdocs.example.org,http://127.0.0.1:8000/,*,javascript:x",
        );
        assert_eq!(
            options,
            EmbedOptions {
                embed: true,
                readonly: true,
                autoplay: true,
                step: Some(12),
                editor: false,
                lang: Some(Lang::ZhHans),
                origins: vec!["https://docs.example.org".into(), "http://127.0.0.1:8000".into()],
            }
        );
        assert!(!options.shows_editor());
        let plain = EmbedOptions::from_query("");
        assert_eq!(plain, EmbedOptions::default());
        assert!(plain.shows_editor(), "editor=0 only matters when embedded");
        let odd = EmbedOptions::from_query("embed&step=-3&theme=neon&lang=fr&x=%zz&editor=no");
        assert!(odd.embed);
        assert_eq!((odd.step, odd.lang, odd.editor), (None, None, false));
    }

    #[test]
    fn origins_default_to_the_embedding_page() {
        let listed = EmbedOptions::from_query("embed=1&origins=https://a.example,https://b.example");
        assert_eq!(listed.allowed_origins(Some("https://evil.example"), "https://play.example"), ["https://a.example", "https://b.example"]);
        let unlisted = EmbedOptions::from_query("embed=1");
        assert_eq!(unlisted.allowed_origins(Some("https://docs.example"), "https://play.example"), ["https://docs.example"]);
        assert_eq!(unlisted.allowed_origins(None, "https://play.example"), ["https://play.example"]);
        assert_eq!(unlisted.allowed_origins(Some("null"), "null"), Vec::<String>::new());
    }

    #[test]
    fn origin_entries_name_exactly_one_origin() {
        assert_eq!(normalize_origin("HTTPS://Docs.Example.org/"), Some("https://docs.example.org".into()));
        assert_eq!(normalize_origin("http://[::1]:4179"), Some("http://[::1]:4179".into()));
        for bad in ["*", "null", "", "https://", "https://a.example/path", "ftp://a.example", "https://a b", "https://:80"] {
            assert_eq!(normalize_origin(bad), None, "{bad}");
        }
    }

    #[test]
    fn referrer_origins() {
        assert_eq!(origin_of_url("https://docs.example.org/guide/ds.html?x=1#y"), Some("https://docs.example.org".into()));
        assert_eq!(origin_of_url("http://127.0.0.1:4179"), Some("http://127.0.0.1:4179".into()));
        assert_eq!(origin_of_url(""), None);
        assert_eq!(origin_of_url("about:blank"), None);
    }

    #[test]
    fn host_commands() {
        assert_eq!(HostCommand::parse("dsplay:load", Some("x".into()), None, None), Some(HostCommand::Load("x".into())));
        assert_eq!(HostCommand::parse("dsplay:load", None, None, None), None);
        assert_eq!(HostCommand::parse("dsplay:step", None, Some(-1.0), None), Some(HostCommand::Step(-1)));
        assert_eq!(HostCommand::parse("dsplay:step", None, None, None), Some(HostCommand::Step(1)));
        assert_eq!(HostCommand::parse("dsplay:seek", None, None, Some(4.0)), Some(HostCommand::Seek(4)));
        assert_eq!(HostCommand::parse("dsplay:seek", None, None, Some(f64::NAN)), None);
        assert_eq!(HostCommand::parse("dsplay:seek", None, None, Some(-2.0)), None);
        assert_eq!(HostCommand::parse("dsplay:play", None, None, None), Some(HostCommand::Play));
        assert_eq!(HostCommand::parse("dsplay:pause", None, None, None), Some(HostCommand::Pause));
        assert_eq!(HostCommand::parse("webpackOk", None, None, None), None);
    }
}
