//! `dsplay encode <file>` / `dsplay decode <url-or-fragment>`: share links and back.

use dsplay_engine::share::{decode, encode};

/// Prints `#v1=...`, or `<base>#v1=...` with `--base <url>`.
pub fn encode_main(args: &[String]) -> i32 {
    let (path, base) = match args {
        [path] => (path, None),
        [path, flag, base] | [flag, base, path] if flag == "--base" => (path, Some(base)),
        _ => {
            eprintln!("usage: dsplay encode <file> [--base <playground url>]");
            return 2;
        }
    };
    let text = match crate::read_input(std::path::Path::new(path)) {
        Ok(text) => text,
        Err(status) => return status,
    };
    let base = base.map_or("", |b| b.split('#').next().unwrap_or(b));
    outln!("{base}#{}", encode(&text));
    0
}

/// Prints the scenario text exactly as it was encoded.
pub fn decode_main(args: &[String]) -> i32 {
    let [link] = args else {
        eprintln!("usage: dsplay decode <url-or-fragment>");
        return 2;
    };
    match decode(link) {
        Ok(text) => {
            if std::io::Write::write_all(&mut std::io::stdout(), text.as_bytes()).is_err() {
                std::process::exit(141);
            }
            // The playground's `log=` part: what its console and Apply did after the steps.
            let fragment = link.split_once('#').map_or(link.as_str(), |(_, fragment)| fragment);
            if fragment.split('&').any(|part| part.starts_with("log=")) {
                eprintln!("note: the link also carries console commands and applied edits that the playground replays after the steps; they are not part of the scenario");
            }
            0
        }
        Err(error) => {
            eprintln!("error: {error}");
            1
        }
    }
}
