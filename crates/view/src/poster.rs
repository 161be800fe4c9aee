//! A frame's cluster as a static SVG picture: the same [`ClusterView`] the app draws
//! (pools of node cards with their daemon pods, or the dense squares above
//! [`DENSE_THRESHOLD`] nodes) and the `kubectl get ds -A` status line, in a few
//! kilobytes and without a line of script. `dsplay poster` writes it, the app's "Save
//! picture" downloads it, and an embed shows it until the reader asks for the
//! playground ([`embed_srcdoc`]).
//!
//! Everything is drawn with presentation attributes (`fill=`, `stroke=`), never a
//! `style` attribute or element, so a page's Content-Security-Policy that forbids
//! inline styles still shows it, and attributes are single-quoted so the picture can
//! sit in a double-quoted `srcdoc` with only `&` and `"` escaped.
//!
//! For tests and tools, every node is an element with `data-node` (and, as a square,
//! `data-state`: [`DenseState::name`]), and every pod chip has `data-pod` and
//! `data-state` ([`PodState::name`]).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use dsplay_engine::kubectl::printers::daemonset_cells;
use dsplay_engine::state::ClusterState;

use crate::{ClusterView, DenseState, NodeReadiness, NodeView, PodPhase, PoolView, PodView, DENSE_THRESHOLD};

/// The palette: the app's light and dark themes (www/styles.css).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    #[default]
    Light,
    Dark,
}

impl Theme {
    pub fn parse(text: &str) -> Option<Theme> {
        match text {
            "light" => Some(Theme::Light),
            "dark" => Some(Theme::Dark),
            _ => None,
        }
    }
}

/// The language of the poster's few words (the cluster's names are the cluster's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    #[default]
    En,
    Zh,
}

impl Lang {
    /// `en`, or `zh` (also `zh-Hans`, `zh-CN`), as the app's `?lang=` says it.
    pub fn parse(text: &str) -> Option<Lang> {
        match text {
            "en" => Some(Lang::En),
            "zh" | "zh-Hans" | "zh-CN" | "zh-hans" => Some(Lang::Zh),
            _ => None,
        }
    }

    /// The `lang` attribute of what it writes.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-Hans",
        }
    }

    pub fn words(self) -> &'static Words {
        match self {
            Lang::En => &EN,
            Lang::Zh => &ZH,
        }
    }
}

/// Every word a poster or an embed's poster says.
pub struct Words {
    pub ready: &'static str,
    pub not_ready: &'static str,
    pub unknown: &'static str,
    pub cordoned: &'static str,
    pub old: &'static str,
    pub no_pod: &'static str,
    pub nodes: fn(usize) -> String,
    pub play: &'static str,
    pub play_hint: &'static str,
    /// The dense legend, in [`DenseState::ALL`]'s order.
    pub dense: [&'static str; 6],
    pub no_daemonsets: &'static str,
}

pub static EN: Words = Words {
    ready: "Ready",
    not_ready: "NotReady",
    unknown: "Unknown",
    cordoned: "cordoned",
    old: "old",
    no_pod: "no daemon pod",
    nodes: |n| if n == 1 { "1 node".into() } else { format!("{n} nodes") },
    play: "Play",
    play_hint: "Load the playground (about 1 MB)",
    dense: ["updated", "old template", "in progress", "no pod", "cordoned", "not ready"],
    no_daemonsets: "No DaemonSets",
};

pub static ZH: Words = Words {
    ready: "就绪",
    not_ready: "未就绪",
    unknown: "未知",
    cordoned: "已封锁",
    old: "旧",
    no_pod: "无守护 Pod",
    nodes: |n| format!("{n} 个节点"),
    play: "播放",
    play_hint: "加载演练场（约 1 MB）",
    dense: ["已更新", "旧模板", "进行中", "无 Pod", "已封锁", "未就绪"],
    no_daemonsets: "没有 DaemonSet",
};

/// How a poster is drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub lang: Lang,
    pub theme: Theme,
    /// The heading (the scenario's name and the frame's time, say); none when empty.
    pub title: String,
    /// Scales to the width of what holds it (`width='100%'`) rather than its own size.
    pub fluid: bool,
    /// Draws a Play button over the picture, with this hint as its title (an embed's).
    pub play: bool,
}

/// A pod chip's state, from its view: what its colour says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PodState {
    /// Running and Ready.
    Ready,
    /// Running (or Unknown) but not Ready yet.
    Starting,
    /// Pending: not scheduled, or its containers not started.
    Pending,
    /// Failed, or a status that will not become Ready by waiting.
    Failed,
    Terminating,
    Succeeded,
}

impl PodState {
    pub fn of(pod: &PodView) -> PodState {
        match (pod.terminating, pod.failing, pod.phase, pod.ready) {
            (true, _, _, _) => PodState::Terminating,
            (_, true, _, _) | (_, _, PodPhase::Failed, _) => PodState::Failed,
            (_, _, PodPhase::Running, true) => PodState::Ready,
            (_, _, PodPhase::Running | PodPhase::Unknown, _) => PodState::Starting,
            (_, _, PodPhase::Pending, _) => PodState::Pending,
            (_, _, PodPhase::Succeeded, _) => PodState::Succeeded,
        }
    }

    /// Its `data-state`.
    pub fn name(self) -> &'static str {
        match self {
            PodState::Ready => "ready",
            PodState::Starting => "starting",
            PodState::Pending => "pending",
            PodState::Failed => "failed",
            PodState::Terminating => "terminating",
            PodState::Succeeded => "succeeded",
        }
    }
}

struct Palette {
    bg: &'static str,
    surface: &'static str,
    surface_2: &'static str,
    border: &'static str,
    text: &'static str,
    muted: &'static str,
    accent: &'static str,
    accent_text: &'static str,
    ok: (&'static str, &'static str, &'static str),
    warn: (&'static str, &'static str, &'static str),
    bad: (&'static str, &'static str, &'static str),
    idle: (&'static str, &'static str, &'static str),
}

/// www/styles.css's custom properties: (background, text, edge) per kind.
static LIGHT: Palette = Palette {
    bg: "#f5f7fb",
    surface: "#ffffff",
    surface_2: "#eef2f8",
    border: "#cfd7e3",
    text: "#172033",
    muted: "#4a5568",
    accent: "#1d4ed8",
    accent_text: "#ffffff",
    ok: ("#dcfce7", "#14532d", "#16a34a"),
    warn: ("#fef3c7", "#78350f", "#d97706"),
    bad: ("#fee2e2", "#7f1d1d", "#dc2626"),
    idle: ("#e0e7ff", "#312e81", "#6366f1"),
};

static DARK: Palette = Palette {
    bg: "#0e1320",
    surface: "#151c2c",
    surface_2: "#1c2438",
    border: "#2e3a52",
    text: "#e6ebf5",
    muted: "#a9b4c8",
    accent: "#3b82f6",
    accent_text: "#0b1020",
    ok: ("#12351f", "#bbf7d0", "#22c55e"),
    warn: ("#3a2a0a", "#fde68a", "#f59e0b"),
    bad: ("#3b1212", "#fecaca", "#ef4444"),
    idle: ("#1e1b4b", "#c7d2fe", "#818cf8"),
};

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

const WIDTH: u32 = 880;
const PAD: u32 = 16;
const CARD_W: u32 = 206;
const GAP: u32 = 12;
const CHIP_H: u32 = 20;
const SQUARE: u32 = 12;
const SANS: &str = "system-ui,-apple-system,Segoe UI,Roboto,Noto Sans,Noto Sans CJK SC,PingFang SC,sans-serif";
const MONO: &str = "ui-monospace,SFMono-Regular,Menlo,Consolas,Liberation Mono,monospace";

/// The poster of `state` at `now_ms`: its view with each node in its scenario pool
/// (`pools_by_node`, `Simulation::pools_by_node`) and the pools in `pool_order` (the
/// scenario's), as the app's cluster pane lays them out.
pub fn of_state(state: &ClusterState, now_ms: u64, pools_by_node: &BTreeMap<String, String>, pool_order: &[String], options: &Options) -> String {
    let view = ClusterView::of_cached(state, pools_by_node, &mut Default::default()).in_pool_order(pool_order);
    render(&view, state, now_ms, options)
}

/// The poster of `view` (of `state`, whose DaemonSets make the status line at `now_ms`).
pub fn render(view: &ClusterView, state: &ClusterState, now_ms: u64, options: &Options) -> String {
    let palette = match options.theme {
        Theme::Light => &LIGHT,
        Theme::Dark => &DARK,
    };
    let words = options.lang.words();
    let mut body = String::new();
    let mut y = PAD;
    if !options.title.is_empty() {
        y += 18;
        let _ = write!(body, "<text x='{PAD}' y='{y}' font-size='17' font-weight='600'>{}</text>", escape(&options.title));
        y += 12;
    }
    y = status_line(&mut body, state, now_ms, y, palette, words);
    let total: usize = view.pools.iter().map(|pool| pool.nodes.len()).sum();
    if total > DENSE_THRESHOLD {
        y = dense(&mut body, view, y, palette, words);
    } else {
        y = cards(&mut body, view, y, palette, words);
    }
    let height = y + PAD;
    if options.play {
        play_button(&mut body, height, palette, words);
    }
    let size = match options.fluid {
        true => "width='100%'".to_string(),
        false => format!("width='{WIDTH}' height='{height}'"),
    };
    format!(
        "<svg xmlns='http://www.w3.org/2000/svg' {size} viewBox='0 0 {WIDTH} {height}' lang='{}' font-family='{SANS}' font-size='12' fill='{}'>\
<rect width='{WIDTH}' height='{height}' fill='{}'/>{body}</svg>",
        options.lang.tag(),
        palette.text,
        palette.bg,
    )
}

/// `kubectl get ds -A`, the engine's cells in aligned columns.
fn status_line(out: &mut String, state: &ClusterState, now_ms: u64, mut y: u32, palette: &Palette, words: &Words) -> u32 {
    let (headers, rows) = daemonset_cells(state, None, None, false, now_ms);
    let _ = write!(out, "<g font-family='{MONO}' font-size='11'>");
    y += 16;
    let _ = write!(out, "<text x='{PAD}' y='{y}' fill='{}'>$ kubectl get ds -A</text>", palette.muted);
    if rows.is_empty() {
        y += 16;
        let _ = write!(out, "<text x='{PAD}' y='{y}'>{}</text>", escape(words.no_daemonsets));
    } else {
        // Column starts in characters, as kubectl pads them (3 spaces between).
        let mut starts = Vec::with_capacity(headers.len());
        let mut at = 0;
        for (column, header) in headers.iter().enumerate() {
            starts.push(at);
            let width = rows.iter().map(|row| row.get(column).map_or(0, |cell| cell.chars().count())).max().unwrap_or(0).max(header.len());
            at += width + 3;
        }
        // Characters of an 11 px monospace font are about 6.6 px wide.
        let line = |out: &mut String, y: u32, cells: &mut dyn Iterator<Item = &str>, extra: &str| {
            let _ = write!(out, "<text y='{y}'{extra}>");
            for (cell, start) in cells.zip(&starts) {
                let _ = write!(out, "<tspan x='{}'>{}</tspan>", PAD as f64 + *start as f64 * 6.6, escape(cell));
            }
            out.push_str("</text>");
        };
        y += 16;
        line(out, y, &mut headers.iter().copied(), &format!(" fill='{}'", palette.muted));
        for row in &rows {
            y += 15;
            line(out, y, &mut row.iter().map(String::as_str), "");
        }
    }
    out.push_str("</g>");
    y + 10
}

fn node_status(node: &NodeView, words: &Words) -> String {
    let ready = match node.readiness {
        NodeReadiness::Ready => words.ready,
        NodeReadiness::NotReady => words.not_ready,
        NodeReadiness::Unknown => words.unknown,
    };
    match node.unschedulable {
        true => format!("{ready} · {}", words.cordoned),
        false => ready.to_string(),
    }
}

/// A pool's name and node count, as the app's pool heading says them.
fn pool_heading(out: &mut String, y: u32, pool: &PoolView, palette: &Palette, words: &Words) {
    let _ = write!(
        out,
        "<text x='{PAD}' y='{y}' font-size='13' font-weight='600'>{} <tspan fill='{}' font-weight='400'>· {}</tspan></text>",
        escape(&pool.name),
        palette.muted,
        escape(&(words.nodes)(pool.nodes.len()))
    );
}

/// Pools of node cards, four to a row, each with its daemon pods' chips.
fn cards(out: &mut String, view: &ClusterView, mut y: u32, palette: &Palette, words: &Words) -> u32 {
    let columns = ((WIDTH - 2 * PAD + GAP) / (CARD_W + GAP)) as usize;
    for pool in &view.pools {
        y += 18;
        pool_heading(out, y, pool, palette, words);
        y += 8;
        for row in pool.nodes.chunks(columns) {
            let chips = row.iter().map(|node| node.pods.len().max(1)).max().unwrap_or(1) as u32;
            let height = 40 + chips * (CHIP_H + 4) + 4;
            for (index, node) in row.iter().enumerate() {
                let x = PAD + index as u32 * (CARD_W + GAP);
                card(out, node, x, y, height, palette, words);
            }
            y += height + GAP;
        }
    }
    y
}

fn card(out: &mut String, node: &NodeView, x: u32, y: u32, height: u32, palette: &Palette, words: &Words) {
    let (stroke, dash) = match (node.readiness, node.unschedulable) {
        (NodeReadiness::Ready, false) => (palette.border, ""),
        (NodeReadiness::Ready, true) => (palette.warn.2, " stroke-dasharray='5 3'"),
        _ => (palette.bad.2, ""),
    };
    let status_fill = match node.readiness {
        NodeReadiness::Ready if !node.unschedulable => palette.ok.2,
        NodeReadiness::Ready => palette.warn.2,
        _ => palette.bad.2,
    };
    let _ = write!(
        out,
        "<g data-node='{}' transform='translate({x} {y})'><rect width='{CARD_W}' height='{height}' rx='8' fill='{}' stroke='{stroke}' stroke-width='1.5'{dash}/>\
<text x='10' y='18' font-weight='600'>{}</text><circle cx='14' cy='30' r='4' fill='{status_fill}'/><text x='23' y='34' font-size='11' fill='{}'>{}</text>",
        escape(&node.name),
        palette.surface,
        escape(&truncate(&node.name, 30)),
        palette.muted,
        escape(&node_status(node, words)),
    );
    if node.pods.is_empty() {
        let _ = write!(out, "<text x='10' y='{}' font-size='11' fill='{}' font-style='italic'>{}</text>", 40 + 14, palette.muted, escape(words.no_pod));
    }
    for (index, pod) in node.pods.iter().enumerate() {
        chip(out, pod, 40 + index as u32 * (CHIP_H + 4), palette, words);
    }
    out.push_str("</g>");
}

/// One pod: a chip coloured by its state, with a stripe for its revision (solid =
/// current template, hatched grey = old) and the words: status, `r2`, `old`.
fn chip(out: &mut String, pod: &PodView, y: u32, palette: &Palette, words: &Words) {
    let state = PodState::of(pod);
    let (fill, text, edge) = match state {
        PodState::Ready => palette.ok,
        PodState::Starting => palette.warn,
        PodState::Failed => palette.bad,
        PodState::Pending => (palette.surface_2, palette.text, palette.muted),
        PodState::Terminating | PodState::Succeeded => (palette.surface_2, palette.muted, palette.muted),
    };
    let dash = if state == PodState::Terminating { " stroke-dasharray='3 2'" } else { "" };
    let w = CARD_W - 16;
    let _ = write!(
        out,
        "<g data-pod='{}' data-state='{}' transform='translate(8 {y})'><title>{}</title><rect width='{w}' height='{CHIP_H}' rx='4' fill='{fill}' stroke='{edge}'{dash}/>",
        escape(&pod.name),
        state.name(),
        escape(&pod.name),
    );
    let stripe = match pod.current {
        Some(true) => palette.accent,
        Some(false) => palette.muted,
        None => edge,
    };
    let _ = write!(out, "<rect width='5' height='{CHIP_H}' rx='2' fill='{stripe}'/>");
    let label = format!("{} {}", truncate(pod.daemonset.as_deref().unwrap_or(&pod.name), 16), truncate(&pod.status, 18));
    let _ = write!(out, "<text x='10' y='14' font-size='11' fill='{text}'>{}</text>", escape(&label));
    if let Some(revision) = &pod.revision {
        let old = pod.current == Some(false);
        let tag = match old {
            true => format!("r{revision} {}", words.old),
            false => format!("r{revision}"),
        };
        let (tag_fill, tag_text) = match pod.current {
            Some(true) => (palette.accent, palette.accent_text),
            _ => (palette.surface, palette.muted),
        };
        let tag_w = 8 + tag.chars().count() as u32 * 7;
        let _ = write!(
            out,
            "<g data-revision='{}'{}><rect x='{}' y='3' width='{tag_w}' height='14' rx='7' fill='{tag_fill}' stroke='{}'/><text x='{}' y='14' font-size='10' text-anchor='middle' fill='{tag_text}'>{}</text></g>",
            escape(revision),
            if old { " data-old=''" } else { "" },
            w - tag_w - 3,
            palette.muted,
            w - tag_w / 2 - 3,
            escape(&tag),
        );
    }
    out.push_str("</g>");
}

/// Above [`DENSE_THRESHOLD`] nodes: a square a node, coloured by [`DenseState`], and a legend.
fn dense(out: &mut String, view: &ClusterView, mut y: u32, palette: &Palette, words: &Words) -> u32 {
    let fill = |state: DenseState| match state {
        DenseState::Ok => (palette.ok.2, palette.ok.2),
        DenseState::OkOld => (palette.ok.0, palette.ok.2),
        DenseState::Progress => (palette.idle.2, palette.idle.2),
        DenseState::NoPod => (palette.surface, palette.muted),
        DenseState::Cordoned => (palette.warn.0, palette.warn.2),
        DenseState::NotReady => (palette.bad.0, palette.bad.2),
    };
    // The legend.
    y += 16;
    let mut x = PAD;
    for (state, label) in DenseState::ALL.iter().zip(words.dense) {
        let (f, s) = fill(*state);
        let _ = write!(out, "<rect x='{x}' y='{}' width='10' height='10' rx='2' fill='{f}' stroke='{s}' stroke-width='1.5'/><text x='{}' y='{y}' font-size='11'>{}</text>", y - 9, x + 14, escape(label));
        x += 24 + label.chars().count() as u32 * 8;
    }
    y += 4;
    let per_row = ((WIDTH - 2 * PAD) / (SQUARE + 2)) as usize;
    for pool in &view.pools {
        y += 18;
        pool_heading(out, y, pool, palette, words);
        y += 6;
        for (row, nodes) in pool.nodes.chunks(per_row).enumerate() {
            let top = y + row as u32 * (SQUARE + 2);
            for (column, node) in nodes.iter().enumerate() {
                let state = DenseState::of(node);
                let (f, s) = fill(state);
                let _ = write!(
                    out,
                    "<rect data-node='{}' data-state='{}' x='{}' y='{top}' width='{SQUARE}' height='{SQUARE}' rx='{}' fill='{f}' stroke='{s}' stroke-width='1.5'/>",
                    escape(&node.name),
                    state.name(),
                    PAD + column as u32 * (SQUARE + 2),
                    if state == DenseState::NotReady { 6 } else { 2 },
                );
            }
        }
        y += pool.nodes.len().div_ceil(per_row) as u32 * (SQUARE + 2);
    }
    y + 4
}

/// The embed's Play button, in the middle of the picture.
fn play_button(out: &mut String, height: u32, palette: &Palette, words: &Words) {
    let (cx, cy) = (WIDTH / 2, (height / 2).min(220));
    let w = 56 + words.play.chars().count() as u32 * 11;
    let _ = write!(
        out,
        "<g data-play=''><title>{}</title><rect x='{}' y='{}' width='{w}' height='44' rx='22' fill='{}' stroke='{}' stroke-width='2'/>\
<path d='M{} {}l14 9l-14 9z' fill='{}'/><text x='{}' y='{}' font-size='17' font-weight='600' fill='{}'>{}</text></g>",
        escape(words.play_hint),
        cx - w / 2,
        cy - 22,
        palette.accent,
        palette.surface,
        cx - w / 2 + 20,
        cy - 9,
        palette.accent_text,
        cx - w / 2 + 42,
        cy + 6,
        palette.accent_text,
        escape(words.play),
    );
}

fn truncate(text: &str, max: usize) -> String {
    match text.chars().count() > max {
        true => format!("{}…", text.chars().take(max - 1).collect::<String>()),
        false => text.to_string(),
    }
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

#[cfg(test)]
mod tests {
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
}
