//! Strings of presenter mode, the bookmarks and the small-screen controls. A struct per
//! language, as in [`super::Strings`], so a missing translation does not compile.

use super::Lang;

impl Lang {
    pub fn present(self) -> &'static PresentStrings {
        match self {
            Lang::En => &EN,
            Lang::ZhHans => &ZH_HANS,
        }
    }
}

pub struct PresentStrings {
    /// The header's button and the presenter bar's way out.
    pub present: &'static str,
    pub present_hint: &'static str,
    pub exit: &'static str,
    pub exit_hint: &'static str,
    /// The presenter bar's name, for screen readers.
    pub bar_label: &'static str,
    pub previous_stop: &'static str,
    pub next_stop: &'static str,
    /// Said while the screen is blanked.
    pub blanked: &'static str,
    /// The highlighted node's line: its name, then what it holds.
    pub watching: fn(&str) -> String,
    pub unhighlight: &'static str,
    /// The stage's one list of nodes (the pools' own headings are the normal view's).
    pub all_nodes: fn(usize) -> String,
    pub highlight_node: fn(&str) -> String,
    // Bookmarks.
    pub bookmarks: fn(usize) -> String,
    pub bookmark_name: &'static str,
    /// The name a bookmark gets when none is typed: its frame.
    pub default_bookmark: fn(usize) -> String,
    pub add_bookmark: fn(usize) -> String,
    pub no_bookmarks: &'static str,
    pub bookmark_at: fn(&str, usize) -> String,
    pub remove_bookmark: fn(&str) -> String,
    // Small screens.
    pub show_steps: fn(usize) -> String,
    pub hide_steps: &'static str,
}

pub static EN: PresentStrings = PresentStrings {
    present: "Present",
    present_hint: "Presenter mode: every node on one screen, large type. PageDown / PageUp: next / previous stop; B: blank; Home / End; Escape leaves.",
    exit: "Exit",
    exit_hint: "Leave presenter mode (Escape)",
    bar_label: "Presenter controls",
    previous_stop: "Previous stop (PageUp)",
    next_stop: "Next stop (PageDown)",
    blanked: "Screen blanked. Press B to show it again.",
    watching: |node| format!("Watching {node}"),
    unhighlight: "Stop highlighting",
    all_nodes: |n| if n == 1 { "1 node".to_owned() } else { format!("All {n} nodes") },
    highlight_node: |node| format!("Highlight {node}"),
    bookmarks: |n| if n == 0 { "Bookmarks".to_owned() } else { format!("Bookmarks ({n})") },
    bookmark_name: "Bookmark name",
    default_bookmark: |frame| format!("Frame {frame}"),
    add_bookmark: |frame| format!("Bookmark frame {frame}"),
    no_bookmarks: "No bookmarks yet: name this frame to come back to it.",
    bookmark_at: |name, frame| format!("{name} (frame {frame})"),
    remove_bookmark: |name| format!("Remove bookmark {name}"),
    show_steps: |n| format!("Steps ({n})"),
    hide_steps: "Hide steps",
};

pub static ZH_HANS: PresentStrings = PresentStrings {
    present: "演示",
    present_hint: "演示模式：所有节点显示在一屏内，字号加大。PageDown / PageUp：下一个 / 上一个停靠点；B：黑屏；Home / End；Escape 退出。",
    exit: "退出",
    exit_hint: "退出演示模式（Escape）",
    bar_label: "演示控制",
    previous_stop: "上一个停靠点（PageUp）",
    next_stop: "下一个停靠点（PageDown）",
    blanked: "已黑屏。按 B 恢复显示。",
    watching: |node| format!("正在关注 {node}"),
    unhighlight: "取消突出显示",
    all_nodes: |n| format!("全部 {n} 个节点"),
    highlight_node: |node| format!("突出显示 {node}"),
    bookmarks: |n| if n == 0 { "书签".to_owned() } else { format!("书签（{n}）") },
    bookmark_name: "书签名称",
    default_bookmark: |frame| format!("第 {frame} 帧"),
    add_bookmark: |frame| format!("为第 {frame} 帧添加书签"),
    no_bookmarks: "还没有书签：为此帧命名，以便之后跳回。",
    bookmark_at: |name, frame| format!("{name}（第 {frame} 帧）"),
    remove_bookmark: |name| format!("删除书签 {name}"),
    show_steps: |n| format!("步骤（{n}）"),
    hide_steps: "收起步骤",
};
