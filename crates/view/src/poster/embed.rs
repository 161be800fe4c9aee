//! Markup that is safe to put in a page: escaped text, and the page and snippet that
//! embed the picture in front of the playground.

use super::colours::{DARK, LIGHT};
use super::words::{Lang, Theme};

/// Text for an attribute or element: the five XML specials escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\'' => out.push_str("&apos;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// The page an embed's iframe shows before a click (its `srcdoc`): `poster` (drawn
/// with [`Options::play`] and [`Options::fluid`]) as a link to `url`, the playground,
/// which opens in the iframe itself. No script and no style: a host page's
/// Content-Security-Policy, which a `srcdoc` page inherits, has nothing to forbid.
pub fn embed_page(poster: &str, url: &str, lang: Lang, theme: Theme) -> String {
    let bg = match theme {
        Theme::Light => LIGHT.bg,
        Theme::Dark => DARK.bg,
    };
    // `marginwidth`/`marginheight` and `bgcolor` are presentational hints, not styles.
    format!(
        "<!doctype html><html lang='{}'><body marginwidth='0' marginheight='0' bgcolor='{bg}'><a href='{}' target='_self' aria-label='{}'>{poster}</a></body></html>",
        lang.tag(),
        escape(url),
        escape(lang.words().play_hint),
    )
}

/// Text for a double-quoted HTML attribute (`srcdoc="..."`): `&` and `"` escaped.
pub fn attribute(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;")
}

/// The whole snippet to paste into a page (plain HTML, or the Markdown of mdBook or
/// MkDocs, which pass a one-line HTML block through): an iframe showing the poster
/// page until a click loads the playground at `url` in it. One line, no blank lines.
/// `src` is the playground too: a browser shows `srcdoc` instead and never fetches it,
/// and a sanitizer that drops `srcdoc` leaves a working (if not lazy) embed.
pub fn embed_snippet(poster: &str, url: &str, title: &str, lang: Lang, theme: Theme) -> String {
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"100%\" height=\"640\" frameborder=\"0\" loading=\"lazy\" srcdoc=\"{}\"></iframe>",
        attribute(&url.replace('<', "%3C").replace('>', "%3E")),
        attribute(title).replace('<', "&lt;"),
        attribute(&embed_page(poster, url, lang, theme)),
    )
}
