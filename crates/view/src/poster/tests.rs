//! The picture of a small cluster, and the markup that embeds it.

use super::*;
use dsplay_engine::simulation::Simulation;

#[test]
fn escaping_keeps_markup_out() {
    assert_eq!(escape("a<b>&'\""), "a&lt;b&gt;&amp;&apos;&quot;");
    assert_eq!(attribute("<a href='x?a=1&b=2'>\"</a>"), "<a href='x?a=1&amp;b=2'>&quot;</a>");
}

#[test]
fn a_small_cluster_is_a_small_picture_in_both_themes_and_languages() {
    let mut simulation = Simulation::load(&crate::EXAMPLE_SCENARIO.replace("count: 3", "count: 8")).expect("loads");
    simulation.run_steps();
    let frame = simulation.frames().last().expect("a frame");
    assert_eq!(frame.state.nodes.len(), 10);
    for (lang, theme) in [(Lang::En, Theme::Light), (Lang::Zh, Theme::Dark)] {
        let options = Options { lang, theme, title: "getting-started".into(), ..Default::default() };
        let svg = of_state(&frame.state, frame.time_ms, simulation.pools_by_node(), &[], &options);
        assert!(svg.len() < 20_000, "{} bytes", svg.len());
        assert!(svg.starts_with("<svg xmlns='http://www.w3.org/2000/svg' width='880'"), "{svg}");
        assert!(!svg.contains("style"), "presentation attributes only");
        assert!(!svg.contains('"'), "single quotes only, for srcdoc");
        assert!(svg.contains(lang.words().ready));
        assert!(svg.contains("kubectl get ds -A"));
        assert_eq!(svg.matches("data-node=").count(), 10);
    }
}

#[test]
fn an_embed_page_links_the_poster_to_the_playground() {
    let page = embed_page("<svg/>", "https://x.test/?embed=1#v1=a&b", Lang::En, Theme::Light);
    assert!(page.contains("<a href='https://x.test/?embed=1#v1=a&amp;b' target='_self'"), "{page}");
    let snippet = embed_snippet("<svg a='1'/>", "https://x.test/", "Play \"it\"", Lang::Zh, Theme::Dark);
    assert!(!snippet.contains('\n'));
    assert!(snippet.contains("title=\"Play &quot;it&quot;\""));
    assert!(snippet.contains("loading=\"lazy\""));
    assert!(snippet.contains("srcdoc=\"<!doctype html><html lang='zh-Hans'>"));
}
