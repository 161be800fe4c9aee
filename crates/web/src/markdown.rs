//! A scenario's `spec.description`: Markdown, shown beside the cluster.
//!
//! A description arrives in links from strangers, so it is never handed to the browser
//! as HTML. pulldown-cmark (without its HTML renderer) parses it into events; they are
//! built into a small tree of allowed elements ([`MdNode`]) and then into Yew nodes,
//! whose text always goes into text nodes. Raw HTML in the source is shown as text,
//! link targets other than http(s), mailto and in-page anchors are dropped, and images
//! become their alt text (no requests to hosts a link names).

use dsplay_engine::scenario::parse_scenario;
use pulldown_cmark::{Event, Options, Parser, Tag};
use yew::prelude::*;
use yew::virtual_dom::VTag;

use crate::gallery::shipped_explanation;
use crate::state::Playground;

/// One node of a rendered description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MdNode {
    Element { tag: &'static str, href: Option<String>, children: Vec<MdNode> },
    Text(String),
}

/// Parses a description into nodes of the allowed elements only.
pub fn parse(markdown: &str) -> Vec<MdNode> {
    let options = Options::ENABLE_STRIKETHROUGH;
    // The root, then one frame per open element.
    let mut stack: Vec<Frame> = vec![("", None, Vec::new())];
    for event in Parser::new_ext(markdown, options) {
        match event {
            Event::Start(tag) => {
                // Past MAX_DEPTH an element is flattened into its parent, so a crafted
                // `>>>>>…` cannot build a tree deep enough to exhaust the stack.
                let (name, href) = if stack.len() > MAX_DEPTH { ("", None) } else { element_for(&tag) };
                stack.push((name, href, Vec::new()));
            }
            // Every End closes the latest Start; the root is never popped.
            Event::End(_) if stack.len() > 1 => close(&mut stack),
            Event::End(_) => {}
            Event::Text(text) | Event::Html(text) | Event::InlineHtml(text) => push_text(&mut stack, &text),
            Event::Code(code) => {
                push(&mut stack, MdNode::Element { tag: "code", href: None, children: vec![MdNode::Text(code.into_string())] })
            }
            Event::SoftBreak => push_text(&mut stack, "\n"),
            Event::HardBreak => push(&mut stack, MdNode::Element { tag: "br", href: None, children: Vec::new() }),
            Event::Rule => push(&mut stack, MdNode::Element { tag: "hr", href: None, children: Vec::new() }),
            // Math, footnote references, task markers: their source text.
            Event::InlineMath(text) | Event::DisplayMath(text) | Event::FootnoteReference(text) => push_text(&mut stack, &text),
            Event::TaskListMarker(done) => push_text(&mut stack, if done { "[x] " } else { "[ ] " }),
        }
    }
    // Unbalanced input cannot happen with pulldown-cmark, but close anything left open.
    while stack.len() > 1 {
        close(&mut stack);
    }
    stack.pop().map(|(_, _, children)| children).unwrap_or_default()
}

/// How deep the rendered tree may nest.
const MAX_DEPTH: usize = 32;

type Frame = (&'static str, Option<String>, Vec<MdNode>);

fn close(stack: &mut Vec<Frame>) {
    if let Some((tag, href, children)) = stack.pop() {
        if tag.is_empty() {
            for child in children {
                match child {
                    MdNode::Text(text) => push_text(stack, &text),
                    element => push(stack, element),
                }
            }
        } else {
            push(stack, MdNode::Element { tag, href, children });
        }
    }
}

fn push(stack: &mut [Frame], node: MdNode) {
    if let Some((_, _, children)) = stack.last_mut() {
        children.push(node);
    }
}

/// Adjacent text joins into one text node.
fn push_text(stack: &mut [Frame], text: &str) {
    if let Some((_, _, children)) = stack.last_mut() {
        if let Some(MdNode::Text(last)) = children.last_mut() {
            last.push_str(text);
        } else {
            children.push(MdNode::Text(text.to_owned()));
        }
    }
}

/// The element a Markdown construct becomes, from a fixed list.
fn element_for(tag: &Tag<'_>) -> (&'static str, Option<String>) {
    let name = match tag {
        Tag::Paragraph => "p",
        // The description sits under the pane's own heading: its headings start at h3.
        Tag::Heading { level, .. } => match *level as usize {
            1 => "h3",
            2 => "h4",
            3 => "h5",
            _ => "h6",
        },
        Tag::BlockQuote(_) => "blockquote",
        Tag::CodeBlock(_) => "pre",
        Tag::List(Some(_)) => "ol",
        Tag::List(None) => "ul",
        Tag::Item => "li",
        Tag::Emphasis => "em",
        Tag::Strong => "strong",
        Tag::Strikethrough => "del",
        Tag::Link { dest_url, .. } => return ("a", safe_href(dest_url)),
        // An HTML block is shown as the text it is.
        Tag::HtmlBlock => "pre",
        _ => "span",
    };
    (name, None)
}

/// Only targets that cannot run script or fetch anything on their own.
pub fn safe_href(url: &str) -> Option<String> {
    let trimmed = url.trim();
    let lower = trimmed.to_ascii_lowercase();
    let allowed = lower.starts_with("https://") || lower.starts_with("http://") || lower.starts_with("mailto:") || lower.starts_with('#');
    allowed.then(|| trimmed.to_owned())
}

/// Yew nodes for a description.
pub fn render(markdown: &str) -> Html {
    parse(markdown).iter().map(to_html).collect()
}

fn to_html(node: &MdNode) -> Html {
    match node {
        // A text node: the browser never parses it as markup.
        MdNode::Text(text) => Html::from(text.clone()),
        MdNode::Element { tag, href, children } => {
            let mut element = VTag::new(*tag);
            if *tag == "a" {
                if let Some(href) = href {
                    element.add_attribute("href", href.clone());
                    element.add_attribute("rel", "noopener noreferrer nofollow");
                    element.add_attribute("target", "_blank");
                }
            }
            element.add_children(children.iter().map(to_html));
            element.into()
        }
    }
}

/// The description of the applied scenario, beside the cluster; nothing when it has none.
/// A scenario the app ships is described in the reader's language, from the gallery's index.
#[function_component(ScenarioDescription)]
pub fn scenario_description() -> Html {
    let playground = use_context::<Playground>();
    let applied = playground.as_ref().map(|p| (p.applied_text.clone(), p.lang)).unwrap_or_default();
    // Parsed again only when another text is applied or the language changes.
    let body = use_memo(applied, |(text, lang)| {
        let (description, has_task) =
            parse_scenario(text).map(|scenario| (scenario.description, scenario.task.is_some())).unwrap_or_default();
        // Matched by its description, which stays while the user edits the manifests.
        if let Some(explanation) = shipped_explanation(&description, *lang) {
            return (Some(render(explanation)), has_task);
        }
        ((!description.trim().is_empty()).then(|| render(&description)), has_task)
    });
    let Some(playground) = playground else { return Html::default() };
    let (body, has_task) = (*body).clone();
    if body.is_none() && !has_task {
        return Html::default();
    }
    // An exercise's task stands under its description, in the same place.
    html! {
        <details class="scenario-description" open=true>
            <summary>{ playground.lang.share().description_heading }</summary>
            // Focusable, so that a long description scrolls from the keyboard too.
            <div class="markdown" role="region" tabindex="0" aria-label={playground.lang.share().description_heading}>
                { body.unwrap_or_default() }
                if has_task { <crate::components::TaskPanel /> }
            </div>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> MdNode {
        MdNode::Text(s.into())
    }

    fn element(tag: &'static str, children: Vec<MdNode>) -> MdNode {
        MdNode::Element { tag, href: None, children }
    }

    fn tags(nodes: &[MdNode], out: &mut Vec<&'static str>) {
        for node in nodes {
            if let MdNode::Element { tag, children, .. } = node {
                out.push(tag);
                tags(children, out);
            }
        }
    }

    fn all_text(nodes: &[MdNode]) -> String {
        nodes
            .iter()
            .map(|node| match node {
                MdNode::Text(t) => t.clone(),
                MdNode::Element { children, .. } => all_text(children),
            })
            .collect()
    }

    #[test]
    fn markdown_becomes_allowed_elements() {
        let nodes = parse("# Rollout\n\nTen *workers*, `maxUnavailable` **30%**.\n\n- one\n- two\n");
        assert_eq!(
            nodes,
            vec![
                element("h3", vec![text("Rollout")]),
                element(
                    "p",
                    vec![
                        text("Ten "),
                        element("em", vec![text("workers")]),
                        text(", "),
                        element("code", vec![text("maxUnavailable")]),
                        text(" "),
                        element("strong", vec![text("30%")]),
                        text("."),
                    ]
                ),
                element("ul", vec![element("li", vec![text("one")]), element("li", vec![text("two")])]),
            ]
        );
    }

    #[test]
    fn raw_html_comes_out_as_text() {
        let source = "Hello <script>alert(1)</script> there\n\n<script>\nfetch('//evil')\n</script>\n\n<img src=x onerror=alert(2)>\n";
        let nodes = parse(source);
        let mut seen = Vec::new();
        tags(&nodes, &mut seen);
        assert!(seen.iter().all(|tag| ["p", "pre"].contains(tag)), "only text containers: {seen:?}");
        let shown = all_text(&nodes);
        assert!(shown.contains("<script>alert(1)</script>"), "{shown}");
        assert!(shown.contains("<script>\nfetch('//evil')\n</script>"), "{shown}");
        assert!(shown.contains("<img src=x onerror=alert(2)>"), "{shown}");
    }

    #[test]
    fn only_harmless_link_targets_are_kept() {
        let nodes = parse("[a](https://kubernetes.io/docs/) [b](javascript:alert(1)) [c](JaVaScRiPt:x) [d](data:text/html,hi) [e](#steps) ![pic](https://example.org/t.png)");
        let hrefs: Vec<Option<String>> = match nodes.first() {
            Some(MdNode::Element { children, .. }) => children
                .iter()
                .filter_map(|n| match n {
                    MdNode::Element { tag: "a", href, .. } => Some(href.clone()),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        assert_eq!(hrefs, vec![Some("https://kubernetes.io/docs/".into()), None, None, None, Some("#steps".into())]);
        let mut seen = Vec::new();
        tags(&nodes, &mut seen);
        assert!(!seen.contains(&"img"), "images are shown as their alt text");
        assert!(all_text(&nodes).contains("pic"));
    }

    #[test]
    fn deep_nesting_and_odd_input_do_not_panic() {
        fn depth(nodes: &[MdNode]) -> usize {
            nodes
                .iter()
                .map(|n| match n {
                    MdNode::Element { children, .. } => 1 + depth(children),
                    MdNode::Text(_) => 0,
                })
                .max()
                .unwrap_or(0)
        }
        let deep = ">".repeat(5_000) + " x";
        let nodes = parse(&deep);
        assert!(depth(&nodes) <= MAX_DEPTH + 1, "depth {}", depth(&nodes));
        assert_eq!(all_text(&nodes), "x");
        let nested = "- ".repeat(2_000) + "x";
        assert!(!parse(&nested).is_empty());
        assert!(parse("").is_empty());
        assert!(all_text(&parse("\u{0}\u{feff}é")).ends_with("\u{feff}é"));
    }
}
