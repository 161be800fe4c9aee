//! Share links: the scenario text, deflated and base64url-encoded behind a version prefix.
//!
//! `#v1=<base64url(raw deflate(text))>`, as Mermaid Live's `#pako:`. Old links live
//! forever, so a new encoding gets a new prefix and `v1` keeps decoding.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use std::fmt;

/// The largest scenario a link may carry once inflated: far above any real scenario, and
/// small enough that a crafted link cannot make the page allocate without bound.
pub const MAX_TEXT_BYTES: usize = 256 * 1024;

const PREFIX: &str = "v1=";

/// Why a link could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShareError {
    /// No `v1=` part in the fragment.
    MissingPayload,
    /// A `vN=` part of a version this build does not know.
    UnsupportedVersion(String),
    /// The payload is not base64url.
    NotBase64,
    /// The payload is not raw deflate data (or is cut short).
    NotDeflate,
    /// The text would be larger than [`MAX_TEXT_BYTES`].
    TooLarge,
    /// The text is not UTF-8.
    NotUtf8,
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::MissingPayload => f.write_str("the link holds no scenario (expected #v1=...)"),
            ShareError::UnsupportedVersion(v) => {
                write!(f, "the link was made by a newer playground (format {v}); this one reads v1")
            }
            ShareError::NotBase64 => f.write_str("the link is damaged: its data is not base64url"),
            ShareError::NotDeflate => f.write_str("the link is damaged or cut short: its data does not inflate"),
            ShareError::TooLarge => write!(f, "the scenario in the link is larger than {} KiB", MAX_TEXT_BYTES / 1024),
            ShareError::NotUtf8 => f.write_str("the link is damaged: its text is not UTF-8"),
        }
    }
}

impl std::error::Error for ShareError {}

/// The fragment for `text`, without `#`: `v1=...`.
pub fn encode(text: &str) -> String {
    format!("{PREFIX}{}", encode_text(text))
}

/// `text` deflated and base64url-encoded: the value of a link part. The scenario is
/// one; the playground's other parts (its console log, say) use the same codec.
pub fn encode_text(text: &str) -> String {
    // Level 9: links are made rarely and read often, so the smallest output wins.
    let deflated = miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9);
    URL_SAFE_NO_PAD.encode(deflated)
}

/// The scenario text of a link: a full URL, `#v1=...` or `v1=...`. Other `&`-separated
/// parts of the fragment are ignored.
pub fn decode(fragment_or_url: &str) -> Result<String, ShareError> {
    let trimmed = fragment_or_url.trim();
    let fragment = match trimmed.split_once('#') {
        Some((_, fragment)) => fragment,
        None => trimmed,
    };
    let mut other_version = None;
    let mut payload = None;
    for part in fragment.split('&') {
        if let Some(data) = part.strip_prefix(PREFIX) {
            payload = Some(data);
            break;
        }
        if let Some((key, _)) = part.split_once('=') {
            if key.len() > 1 && key.starts_with('v') && key[1..].bytes().all(|b| b.is_ascii_digit()) {
                other_version = Some(key.to_owned());
            }
        }
    }
    let Some(data) = payload else {
        return Err(other_version.map_or(ShareError::MissingPayload, ShareError::UnsupportedVersion));
    };
    decode_text(data)
}

/// The text of one link part's value, as [`encode_text`] wrote it.
pub fn decode_text(data: &str) -> Result<String, ShareError> {
    // Padding is not written, but a link pasted through a tool that adds it still reads.
    let deflated = URL_SAFE_NO_PAD.decode(data.trim_end_matches('=')).map_err(|_| ShareError::NotBase64)?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&deflated, MAX_TEXT_BYTES).map_err(|e| {
        match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => ShareError::TooLarge,
            _ => ShareError::NotDeflate,
        }
    })?;
    String::from_utf8(bytes).map_err(|_| ShareError::NotUtf8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn every_conformance_scenario_round_trips() {
        let scenarios = crate::test_fixtures::conformance_scenarios();
        assert!(!scenarios.is_empty());
        for (name, text) in scenarios {
            let link = encode(&text);
            println!("{name}: {} bytes of text, link {} characters", text.len(), link.len() + 1);
            assert!(link.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_=".contains(&b)), "{name}");
            assert_eq!(decode(&link).as_deref(), Ok(text.as_str()), "{name}");
            let url = format!("https://example.org/play/#{link}&step=3");
            assert_eq!(decode(&url).as_deref(), Ok(text.as_str()), "{name}");
            assert_eq!(decode(&format!("#{link}")).as_deref(), Ok(text.as_str()), "{name}");
        }
    }

    #[test]
    fn errors_name_what_is_wrong() {
        assert_eq!(decode("https://example.org/"), Err(ShareError::MissingPayload));
        assert_eq!(decode("#v2=abc"), Err(ShareError::UnsupportedVersion("v2".into())));
        assert_eq!(decode("v1=!!!"), Err(ShareError::NotBase64));
        assert_eq!(decode("v1=AAAA"), Err(ShareError::NotDeflate));
        let big = "a".repeat(MAX_TEXT_BYTES + 1);
        assert_eq!(decode(&encode(&big)), Err(ShareError::TooLarge));
        let exact = "b".repeat(MAX_TEXT_BYTES);
        assert_eq!(decode(&encode(&exact)).map(|t| t.len()), Ok(MAX_TEXT_BYTES));
        let not_utf8 = miniz_oxide::deflate::compress_to_vec(&[0xff, 0xfe], 6);
        assert_eq!(decode(&format!("v1={}", URL_SAFE_NO_PAD.encode(not_utf8))), Err(ShareError::NotUtf8));
    }

    #[test]
    fn truncated_links_never_panic() {
        let (_, text) = crate::test_fixtures::conformance_scenarios().into_iter().next().unwrap_or_default();
        let link = encode(&text);
        for cut in 0..link.len() {
            let _ = decode(&link[..cut]);
        }
    }

    proptest! {
        #[test]
        fn random_text_round_trips(text in "\\PC{0,400}") {
            prop_assert_eq!(decode(&encode(&text)), Ok(text));
        }

        #[test]
        fn random_input_never_panics(input in "\\PC{0,300}") {
            let _ = decode(&input);
            let _ = decode(&format!("v1={input}"));
        }

        #[test]
        fn random_base64_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
            let _ = decode(&format!("v1={}", URL_SAFE_NO_PAD.encode(bytes)));
        }
    }
}
