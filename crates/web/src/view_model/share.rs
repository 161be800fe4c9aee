//! The share bar's open box and what it says, as values.

/// Which box is open under the share buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Open {
    None,
    Link,
    Embed,
}

impl Open {
    /// What a click on `which`'s button leaves open: its box, or nothing when it was open.
    pub fn toggled(self, which: Open) -> Open {
        if self == which {
            Open::None
        } else {
            which
        }
    }

    /// The button that opens this box, where the focus goes back when it closes.
    pub fn opener(self) -> &'static str {
        if self == Open::Link {
            "[data-action=\"copy-link\"]"
        } else {
            "[data-action=\"embed\"]"
        }
    }

    /// The text box's height: a link, or the longer snippet.
    pub fn rows(self) -> &'static str {
        if self == Open::Link {
            "2"
        } else {
            "4"
        }
    }
}

/// What a shared link would not carry, said under it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Caveat {
    /// The scenario did not load: the link opens it broken.
    Broken,
    /// The editor's text differs from what was applied: the link carries the applied.
    EditsNotShared,
}

pub fn caveat(loaded: bool, applied: bool) -> Option<Caveat> {
    match (loaded, applied) {
        (false, _) => Some(Caveat::Broken),
        (true, false) => Some(Caveat::EditsNotShared),
        (true, true) => None,
    }
}

/// The `<iframe>` of an embed at `src`, its attribute values escaped.
pub fn iframe_snippet(src: &str, title: &str) -> String {
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"100%\" height=\"640\" style=\"border:0\" loading=\"lazy\"></iframe>",
        escape_attribute(src),
        escape_attribute(title)
    )
}

fn escape_attribute(value: &str) -> String {
    value.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_button_opens_its_box_and_closes_it() {
        assert_eq!(Open::None.toggled(Open::Link), Open::Link);
        assert_eq!(Open::Link.toggled(Open::Link), Open::None);
        assert_eq!(Open::Link.toggled(Open::Embed), Open::Embed);
        assert_eq!((Open::Link.opener(), Open::Embed.opener()), ("[data-action=\"copy-link\"]", "[data-action=\"embed\"]"));
        assert_eq!((Open::Link.rows(), Open::Embed.rows()), ("2", "4"));
    }

    #[test]
    fn caveats_and_the_iframe() {
        assert_eq!(caveat(false, true), Some(Caveat::Broken));
        assert_eq!(caveat(true, false), Some(Caveat::EditsNotShared));
        assert_eq!(caveat(true, true), None);
        assert_eq!(
            iframe_snippet("https://x.example/?embed=1&a=\"b\"#f", "A <b>"),
            "<iframe src=\"https://x.example/?embed=1&amp;a=&quot;b&quot;#f\" title=\"A &lt;b&gt;\" width=\"100%\" height=\"640\" style=\"border:0\" loading=\"lazy\"></iframe>"
        );
    }
}
