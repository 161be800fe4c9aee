use super::opening::is_users_own;
use super::*;
use crate::session_record::Entry;
use crate::state::EXAMPLE_SCENARIO;
use crate::storage::SavedWork;

fn open(fragment: &str) -> Result<SharedView, LinkError> {
    from_fragment(fragment).expect("a share link")
}

fn pools(count: u64) -> String {
    format!(
        "apiVersion: dsplay/v1\nkind: Scenario\nmetadata:\n  name: big\nspec:\n  nodePools:\n  - name: node\n    count: {count}\n"
    )
}

#[test]
fn a_view_round_trips() {
    let view = SharedView {
        text: EXAMPLE_SCENARIO.to_owned(),
        record: None,
        frame: Some(7),
        node: Some("node-02".into()),
        lang: Some(Lang::ZhHans),
        bookmarks: Vec::new(),
        done: Progress::default(),
    };
    let fragment = to_fragment(&view);
    assert!(fragment.starts_with("v1="));
    assert!(fragment.ends_with("&f=7&n=node-02&lang=zh"), "{fragment}");
    assert_eq!(open(&fragment), Ok(view.clone()));
    assert_eq!(open(&format!("#{fragment}")), Ok(view.clone()));
    // Bookmarks ride along after the view; a damaged bm= is dropped, not the link.
    let marked = SharedView { bookmarks: vec![Bookmark { frame: 3, name: "滚动更新 starts".into() }], ..view.clone() };
    let fragment = to_fragment(&marked);
    assert!(fragment.contains("&lang=zh&bm="), "{fragment}");
    assert_eq!(open(&fragment), Ok(marked));
    assert_eq!(open(&format!("{}&bm=@@", to_fragment(&view))), Ok(view));
}

fn record(entries: Vec<Entry>) -> SessionRecord {
    SessionRecord { scenario: EXAMPLE_SCENARIO.to_owned(), entries }
}

#[test]
fn a_session_record_rides_along_with_the_scenario() {
    let applied = EXAMPLE_SCENARIO.replace("nginx:1.24", "nginx:1.26");
    let record = record(vec![Entry::Run("kubectl cordon node-02".into()), Entry::Apply(applied.clone())]);
    let view = SharedView { text: applied.clone(), record: Some(record.clone()), frame: Some(40), ..SharedView::default() };
    let fragment = to_fragment(&view);
    assert!(fragment.contains("&log="), "{fragment}");
    assert!(!fragment.contains("&edit="), "the editor holds the last text applied: no need to carry it");
    assert_eq!(open(&fragment), Ok(view));
    // An older reader (or `dsplay decode`) sees the scenario the session started from.
    assert_eq!(share::decode(&fragment).as_deref(), Ok(EXAMPLE_SCENARIO));

    let unapplied = SharedView { text: format!("{applied}# draft\n"), record: Some(record), ..SharedView::default() };
    let fragment = to_fragment(&unapplied);
    assert!(fragment.contains("&edit="), "{fragment}");
    assert_eq!(open(&fragment), Ok(unapplied));
}

/// A draft that does not load (a typo not yet applied) rides along with the
/// scenario the cluster runs, even when no command followed: the draft alone would
/// open an empty cluster.
#[test]
fn a_broken_draft_rides_along_with_the_scenario_it_edits() {
    let draft = format!("broken: [\n{EXAMPLE_SCENARIO}");
    let view = SharedView { text: draft, record: Some(record(vec![])), ..SharedView::default() };
    let fragment = to_fragment(&view);
    assert!(fragment.contains("&edit="), "{fragment}");
    assert_eq!(share::decode(&fragment).as_deref(), Ok(EXAMPLE_SCENARIO));
    assert_eq!(open(&fragment), Ok(view));
    // With no draft and no command, the link is the scenario alone.
    let plain = SharedView { text: EXAMPLE_SCENARIO.into(), record: Some(record(vec![])), ..SharedView::default() };
    assert!(!to_fragment(&plain).contains("&log="), "{}", to_fragment(&plain));
}

#[test]
fn only_the_users_own_work_is_kept_when_a_link_opens() {
    let work = |text: &str| SavedWork::new(text.into(), 0, Default::default());
    let (mine, link_a, link_b) = (work("# my note\n"), work("# link A\n"), work("# link B\n"));
    assert!(is_users_own(&mine, &link_a, None));
    assert!(!is_users_own(&link_a, &link_a, None), "a reload of the link");
    assert!(!is_users_own(&work(EXAMPLE_SCENARIO), &link_a, None), "the example comes back by itself");
    // Link A was opened, then link B: link A's untouched work displaces nothing,
    // so the user's note stays in the previous-work slot.
    assert!(!is_users_own(&link_a, &link_b, Some(&link_a)));
    // Link A's work, edited, is the user's.
    assert!(is_users_own(&work("# link A, edited\n"), &link_b, Some(&link_a)));
}

#[test]
fn a_damaged_log_refuses_the_link() {
    let scenario = share::encode(EXAMPLE_SCENARIO);
    assert_eq!(open(&format!("{scenario}&log=AAAA")), Err(LinkError::Share(ShareError::NotDeflate)));
    let not_entries = share::encode_text(r#"{"run": 1}"#);
    assert!(matches!(open(&format!("{scenario}&log={not_entries}")), Err(LinkError::Log(_))));
    // An empty log is no log.
    let empty = share::encode_text("[]");
    assert_eq!(open(&format!("{scenario}&log={empty}")).map(|view| view.record), Ok(None));
}

#[test]
fn nodes_added_by_the_console_count_against_the_link_limit() {
    let adds = vec![Entry::Run("node add extra".into()); 10];
    let near = SessionRecord { scenario: pools(4_995), entries: adds.clone() };
    assert_eq!(replayed_nodes(&near), 5_005);
    let fragment = to_fragment(&SharedView { text: near.scenario.clone(), record: Some(near), ..SharedView::default() });
    assert_eq!(open(&fragment), Err(LinkError::TooManyNodes { nodes: 5_005 }));
    let grown = SessionRecord { scenario: pools(3), entries: vec![Entry::Apply(pools(6_000))] };
    assert_eq!(replayed_nodes(&grown), 6_000);
}

#[test]
fn view_parts_are_optional_and_unknown_ones_ignored() {
    let bare = share::encode("text: 1\n");
    assert_eq!(open(&bare), Ok(SharedView { text: "text: 1\n".into(), ..SharedView::default() }));
    // A newer playground may add parts; this one still opens the scenario.
    let newer = format!("{bare}&zoom=2&f=3&lang=zh-Hans&n=<script>");
    let view = open(&newer).expect("opens");
    assert_eq!(view.frame, Some(3));
    assert_eq!(view.lang, Some(Lang::ZhHans));
    assert_eq!(view.node, None, "a node part that cannot be a node name is dropped");
    assert_eq!(open(&format!("{bare}&f=-1")).map(|v| v.frame), Ok(None));
}

#[test]
fn anchors_and_empty_fragments_are_not_links() {
    assert_eq!(from_fragment(""), None);
    assert_eq!(from_fragment("#"), None);
    assert_eq!(from_fragment("#cluster"), None);
    assert_eq!(from_fragment("#f=3&lang=zh"), None);
}

#[test]
fn hostile_links_are_refused_with_a_reason() {
    assert_eq!(open("#v1=!!!"), Err(LinkError::Share(ShareError::NotBase64)));
    assert_eq!(open("#v1=AAAA"), Err(LinkError::Share(ShareError::NotDeflate)));
    assert_eq!(open("#v9=abc"), Err(LinkError::Share(ShareError::UnsupportedVersion("v9".into()))));
    let huge = share::encode(&"#".repeat(share::MAX_TEXT_BYTES + 1));
    assert_eq!(open(&huge), Err(LinkError::Share(ShareError::TooLarge)));
    // Invalid UTF-8 behind a valid deflate stream.
    let bytes = [b'a', 0xc3, 0x28];
    let deflated = miniz_deflate(&bytes);
    assert_eq!(open(&format!("v1={deflated}")), Err(LinkError::Share(ShareError::NotUtf8)));
    // Every truncation of a real link is an error or a (shorter) text, never a panic.
    let link = to_fragment(&SharedView { text: EXAMPLE_SCENARIO.into(), frame: Some(3), ..SharedView::default() });
    for cut in 4..link.len() {
        if let Some(Ok(view)) = from_fragment(&link[..cut]) {
            assert!(view.text.len() <= EXAMPLE_SCENARIO.len());
        }
    }
}

#[test]
fn links_carry_at_most_five_thousand_nodes() {
    assert_eq!(open(&share::encode(&pools(5_000))).map(|v| v.text.len()), Ok(pools(5_000).len()));
    assert_eq!(open(&share::encode(&pools(5_001))), Err(LinkError::TooManyNodes { nodes: 5_001 }));
    // Above the engine's own cap the parser refuses first; the link is refused all the same.
    assert_eq!(open(&share::encode(&pools(20_000))), Err(LinkError::TooManyNodes { nodes: 20_000 }));
    let two_pools = format!("{}  - name: gpu\n    count: 3000\n", pools(3_000));
    assert_eq!(declared_nodes(&two_pools), 6_000);
    // `node add` steps make nodes too: 4,000 pooled and 1,001 added are over.
    let adds: String = (0..1_001).map(|i| format!("  - node add extra-{i}\n")).collect();
    let with_adds = format!("{}  steps:\n{adds}", pools(4_000));
    assert_eq!(open(&share::encode(&with_adds)), Err(LinkError::TooManyNodes { nodes: 5_001 }));
    assert_eq!(declared_nodes(EXAMPLE_SCENARIO), 5);
    assert_eq!(declared_nodes("not: [valid"), 0, "a broken scenario opens, for the editor to show its error");
}

/// Every step runs while a link opens: a short link of 20,000 `settle` steps is
/// refused before any of them runs.
#[test]
fn links_carry_at_most_five_thousand_steps() {
    let steps = |n: usize| format!("{}  steps:\n{}", pools(3), "  - settle\n".repeat(n));
    assert!(open(&share::encode(&steps(MAX_LINK_STEPS))).is_ok());
    assert_eq!(open(&share::encode(&steps(20_000))), Err(LinkError::TooManySteps { steps: 20_000 }));
}

#[test]
fn language_keys() {
    assert_eq!(lang_from_key("zh"), Some(Lang::ZhHans));
    assert_eq!(lang_from_key("ZH-cn"), Some(Lang::ZhHans));
    assert_eq!(lang_from_key("en"), Some(Lang::En));
    assert_eq!(lang_from_key("fr"), None);
}

/// Raw deflate of `bytes`, base64url: a payload the codec inflates.
/// (`share::encode` only takes text, so build the stream by hand.)
fn miniz_deflate(bytes: &[u8]) -> String {
    base64url(&deflate_stored(bytes))
}

/// A deflate "stored" block: final bit, type 00, LEN, NLEN, then the bytes as they are.
fn deflate_stored(bytes: &[u8]) -> Vec<u8> {
    let len = bytes.len() as u16;
    let mut out = vec![0x01];
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&(!len).to_le_bytes());
    out.extend_from_slice(bytes);
    out
}

fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}
