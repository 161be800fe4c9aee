//! Inline SVG icons for the transport controls, so they render the same with
//! any installed font. Always decorative: the button carries the label.

use yew::prelude::*;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum IconKind {
    ToStart,
    StepBack,
    Play,
    Pause,
    StepForward,
    ToEnd,
}

#[derive(Properties, PartialEq)]
pub struct IconProps {
    pub kind: IconKind,
}

#[function_component(Icon)]
pub fn icon(props: &IconProps) -> Html {
    let path = match props.kind {
        IconKind::ToStart => "M4 4h2.5v16H4zM13 4v16L6.5 12zM21 4v16l-8-8z",
        IconKind::StepBack => "M5 4h2.5v16H5zM19 4v16L8 12z",
        IconKind::Play => "M7 4v16l13-8z",
        IconKind::Pause => "M6 4h4v16H6zM14 4h4v16h-4z",
        IconKind::StepForward => "M5 4v16l11-8zM16.5 4H19v16h-2.5z",
        IconKind::ToEnd => "M3 4v16l8-8zM11 4v16l6.5-8zM17.5 4H20v16h-2.5z",
    };
    html! {
        <svg class="icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path d={path} fill="currentColor" />
        </svg>
    }
}
