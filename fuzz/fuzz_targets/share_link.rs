//! Share links: any fragment or URL decodes to a scenario or an error, never a panic or
//! an allocation past the limit; what decodes encodes again to a link that decodes to
//! the same text; and any text round-trips through encode and decode.
#![no_main]

use dsplay_engine::share::{decode, decode_text, encode, MAX_TEXT_BYTES};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(input) = dsplay_fuzz::text(data, 64 * 1024) else { return };
    if let Ok(text) = decode(input) {
        assert!(text.len() <= MAX_TEXT_BYTES);
        assert_eq!(decode(&encode(&text)).as_deref(), Ok(text.as_str()));
    }
    let _ = decode_text(input);
    // The input as a scenario text: whatever the page shares, it reads back.
    assert_eq!(decode(&format!("https://example.org/#{}&step=2", encode(input))).as_deref(), Ok(input));
});
