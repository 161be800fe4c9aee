//! index.html's first screen holds the default scenario's posters as `dsplay poster`
//! draws them today (written by scripts/first-screen.sh): a reader who waits for the wasm
//! sees the cluster the app then opens, in every language and theme the page can pick.

use std::process::Command;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

fn poster(lang: &str, theme: &str) -> String {
    let scenario = format!("{ROOT}/crates/web/scenarios/getting-started.yaml");
    let out = Command::new(env!("CARGO_BIN_EXE_dsplay"))
        .args(["poster", &scenario, "--frame", "end", "--lang", lang, "--theme", theme, "-o", "-"])
        .output()
        .expect("dsplay runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn index_html_holds_the_current_posters_of_the_default_scenario() {
    let page = std::fs::read_to_string(format!("{ROOT}/index.html")).expect("index.html");
    let start = page.find("<!-- first-screen:posters:start -->").expect("start marker");
    let end = page.find("<!-- first-screen:posters:end -->").expect("end marker");
    let between = &page[start..end];
    for lang in ["en", "zh"] {
        for theme in ["light", "dark"] {
            let svg = poster(lang, theme);
            assert!(svg.contains("Running") && svg.matches("data-node=").count() == 5, "{lang} {theme}: the cluster at its end");
            let block = format!("<div class=\"first-poster\" data-poster-lang=\"{lang}\" data-poster-theme=\"{theme}\">{svg}</div>");
            assert!(between.contains(&block), "index.html's {lang} {theme} poster is out of date: run `sh scripts/first-screen.sh`");
        }
    }
    assert_eq!(between.matches("class=\"first-poster\"").count(), 4, "one poster per language and theme");
}
