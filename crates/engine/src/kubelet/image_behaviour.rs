//! What the containers of an image do, as a scenario sets it
//! (`image <ref> crash|complete|oom|unready|pull-error|ok`).

use std::fmt;

/// What containers running an image do from now on (the kubelet keeps one per image).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ImageBehaviour {
    /// Exits 1 as soon as it starts: Error, then CrashLoopBackOff.
    Crash,
    /// Exits 0 as soon as it starts (a run-once script): Completed, then
    /// CrashLoopBackOff, since a daemon pod's containers always restart.
    Complete,
    /// Killed by the kernel for memory as soon as it starts: OOMKilled (exit 137),
    /// then CrashLoopBackOff.
    OomKilled,
    /// Running, never Ready.
    Unready,
    /// ErrImagePull / ImagePullBackOff.
    PullError,
    #[default]
    Ok,
}

impl ImageBehaviour {
    pub const ALL: [ImageBehaviour; 6] = [Self::Crash, Self::Complete, Self::OomKilled, Self::Unready, Self::PullError, Self::Ok];

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|behaviour| behaviour.as_str() == text)
    }

    /// What containers of an image with this behaviour do, after "containers of X ...".
    pub fn story(self) -> &'static str {
        match self {
            Self::Crash => "crash-loop",
            Self::Complete => "exit 0 at once and crash-loop (Completed)",
            Self::OomKilled => "are OOMKilled at once and crash-loop",
            Self::Unready => "never become Ready",
            Self::PullError => "fail to pull (ErrImagePull)",
            Self::Ok => "work",
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Crash => "crash",
            Self::Complete => "complete",
            Self::OomKilled => "oom",
            Self::Unready => "unready",
            Self::PullError => "pull-error",
            Self::Ok => "ok",
        }
    }
}

impl fmt::Display for ImageBehaviour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
