//! Strings of sharing and keeping work: the share bar, the embed snippet, what a
//! link did, and the scenario's description. A struct per language, as in
//! [`super::Strings`], so a missing translation does not compile.

use dsplay_engine::share::ShareError;

use super::Lang;
use crate::share_link::LinkError;

impl Lang {
    pub fn share(self) -> &'static ShareStrings {
        match self {
            Lang::En => &EN,
            Lang::ZhHans => &ZH_HANS,
        }
    }
}

pub struct ShareStrings {
    pub copy_link: &'static str,
    pub link_copied: &'static str,
    pub link_label: &'static str,
    pub embed: &'static str,
    pub embed_label: &'static str,
    pub copy_snippet: &'static str,
    /// Downloads the frame shown as an SVG picture.
    pub save_picture: &'static str,
    pub save_picture_hint: &'static str,
    pub snippet_copied: &'static str,
    /// Copy link and Embed share what was applied last, not edits not yet applied.
    pub edits_not_shared: &'static str,
    /// Copy link or Embed while the scenario does not load.
    pub broken_shared: &'static str,
    pub close: &'static str,
    pub previous_kept: &'static str,
    pub restore_previous: &'static str,
    pub dismiss: &'static str,
    /// A link that was not opened, with the reason.
    pub link_refused: fn(&str) -> String,
    /// Copy link or Embed for a cluster no link may carry.
    pub not_shareable: fn(&str) -> String,
    pub no_scenario: &'static str,
    pub newer_format: fn(&str) -> String,
    pub damaged: &'static str,
    pub too_large: fn(usize) -> String,
    pub not_utf8: &'static str,
    pub too_many_nodes: fn(u64, u64) -> String,
    pub too_many_steps: fn(usize, usize) -> String,
    pub damaged_log: fn(usize) -> String,
    pub description_heading: &'static str,
}

impl ShareStrings {
    /// Why a link was refused, in this language.
    pub fn reason(&self, error: &LinkError) -> String {
        match error {
            LinkError::Share(ShareError::MissingPayload) => self.no_scenario.to_owned(),
            LinkError::Share(ShareError::UnsupportedVersion(version)) => (self.newer_format)(version),
            LinkError::Share(ShareError::NotBase64 | ShareError::NotDeflate) => self.damaged.to_owned(),
            LinkError::Share(ShareError::TooLarge) => (self.too_large)(dsplay_engine::share::MAX_TEXT_BYTES / 1024),
            LinkError::Share(ShareError::NotUtf8) => self.not_utf8.to_owned(),
            LinkError::TooManyNodes { nodes } => (self.too_many_nodes)(*nodes, crate::share_link::MAX_LINK_NODES),
            LinkError::TooManySteps { steps } => (self.too_many_steps)(*steps, crate::share_link::MAX_LINK_STEPS),
            LinkError::Log(_) => (self.damaged_log)(crate::session_record::MAX_ENTRIES),
        }
    }
}

static EN: ShareStrings = ShareStrings {
    copy_link: "Copy link",
    link_copied: "Link copied",
    link_label: "Link to this scenario and frame",
    embed: "Embed",
    embed_label: "HTML to embed this scenario in a page",
    copy_snippet: "Copy snippet",
    save_picture: "Save picture",
    save_picture_hint: "Download the cluster at this frame as an SVG picture",
    snippet_copied: "Snippet copied",
    edits_not_shared: "Your edits are not applied, so they are not in it: it shares the scenario as last applied, as the cluster shows it.",
    broken_shared: "This scenario did not load: whoever opens the link sees the same error, at the same line.",
    close: "Close",
    previous_kept: "A shared link opened here; your previous work was kept.",
    restore_previous: "Restore your previous work",
    dismiss: "Dismiss",
    link_refused: |reason| format!("This link could not be opened: {reason}. Nothing was replaced."),
    not_shareable: |reason| format!("No link was made: {reason}."),
    no_scenario: "it holds no scenario",
    newer_format: |version| format!("it was made by a newer playground (format {version})"),
    damaged: "it is damaged or cut short",
    too_large: |kib| format!("its scenario is larger than {kib} KiB"),
    not_utf8: "its text is not valid UTF-8",
    too_many_nodes: |nodes, max| format!("its scenario has {nodes} nodes, and links carry at most {max}"),
    too_many_steps: |steps, max| format!("its scenario has {steps} steps, and links carry at most {max}"),
    damaged_log: |max| format!("its console log is damaged, or longer than {max} entries"),
    description_heading: "About this scenario",
};

static ZH_HANS: ShareStrings = ShareStrings {
    copy_link: "复制链接",
    link_copied: "链接已复制",
    link_label: "指向此场景和此帧的链接",
    embed: "嵌入",
    embed_label: "把此场景嵌入网页的 HTML",
    copy_snippet: "复制代码",
    save_picture: "保存图片",
    save_picture_hint: "把此帧的集群下载为 SVG 图片",
    snippet_copied: "代码已复制",
    edits_not_shared: "链接不包含尚未应用的修改：它分享的是最近一次应用的场景，即集群当前显示的内容。",
    broken_shared: "此场景未能加载：打开链接的人会在同一行看到同样的错误。",
    close: "关闭",
    previous_kept: "已打开分享的链接；你之前的工作已保留。",
    restore_previous: "恢复之前的工作",
    dismiss: "关闭",
    link_refused: |reason| format!("无法打开此链接：{reason}。当前内容未被替换。"),
    not_shareable: |reason| format!("未生成链接：{reason}。"),
    no_scenario: "其中没有场景",
    newer_format: |version| format!("它由较新的演练场生成（格式 {version}）"),
    damaged: "链接已损坏或被截断",
    too_large: |kib| format!("其中的场景超过 {kib} KiB"),
    not_utf8: "其中的文本不是有效的 UTF-8",
    too_many_nodes: |nodes, max| format!("其中的场景有 {nodes} 个节点，链接最多容纳 {max} 个"),
    too_many_steps: |steps, max| format!("其中的场景有 {steps} 个步骤，链接最多容纳 {max} 个"),
    damaged_log: |max| format!("其中的控制台记录已损坏，或超过 {max} 条"),
    description_heading: "关于此场景",
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_has_a_reason_in_each_language() {
        let errors = [
            LinkError::Share(ShareError::MissingPayload),
            LinkError::Share(ShareError::UnsupportedVersion("v2".into())),
            LinkError::Share(ShareError::NotDeflate),
            LinkError::Share(ShareError::TooLarge),
            LinkError::Share(ShareError::NotUtf8),
            LinkError::TooManyNodes { nodes: 6_000 },
            LinkError::TooManySteps { steps: 20_000 },
            LinkError::Log("expected value at line 1 column 1".into()),
        ];
        for lang in Lang::ALL {
            for error in &errors {
                assert!(!lang.share().reason(error).is_empty());
            }
        }
        assert_eq!(Lang::En.share().reason(&errors[5]), "its scenario has 6000 nodes, and links carry at most 5000");
        assert_eq!(Lang::ZhHans.share().reason(&errors[3]), "其中的场景超过 256 KiB");
        assert_eq!(Lang::En.share().reason(&errors[6]), "its scenario has 20000 steps, and links carry at most 5000");
        assert_eq!(Lang::En.share().reason(&errors[7]), "its console log is damaged, or longer than 1000 entries");
    }
}
