//! What the picture is drawn for: its language and the words it says in it, its theme,
//! and the options of one drawing.

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
