//! The picture's colours: each pod chip's state, and the app's two palettes.

use crate::{PodPhase, PodView};

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

pub(super) struct Palette {
    pub(super) bg: &'static str,
    pub(super) surface: &'static str,
    pub(super) surface_2: &'static str,
    pub(super) border: &'static str,
    pub(super) text: &'static str,
    pub(super) muted: &'static str,
    pub(super) accent: &'static str,
    pub(super) accent_text: &'static str,
    pub(super) ok: (&'static str, &'static str, &'static str),
    pub(super) warn: (&'static str, &'static str, &'static str),
    pub(super) bad: (&'static str, &'static str, &'static str),
    pub(super) idle: (&'static str, &'static str, &'static str),
}

/// www/styles.css's custom properties: (background, text, edge) per kind.
pub(super) static LIGHT: Palette = Palette {
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

pub(super) static DARK: Palette = Palette {
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
