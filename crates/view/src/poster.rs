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

use crate::{ClusterView, DenseState, NodeReadiness, NodeView, PoolView, PodView, DENSE_THRESHOLD};

mod colours;
mod embed;
mod words;

use colours::{Palette, DARK, LIGHT};
pub use colours::PodState;
pub use embed::{attribute, embed_page, embed_snippet, escape};
pub use words::{Lang, Options, Theme, Words, EN, ZH};

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

#[cfg(test)]
mod tests;
