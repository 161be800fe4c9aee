//! Why a scenario did not load, in the page's language: where the error stands
//! (column, document, node pool, step) and the playground's own refusals are told in
//! it; the API server's and the YAML parser's words stay as they print them.

use dsplay_engine::refusal::Refusal;
use dsplay_engine::simulation::{ErrorPlace, PlacePart};

use super::refusal_text;
use super::Lang;

/// `column 7, step 4` / `第 7 列，第 4 步`: empty for an error that stands nowhere
/// in particular.
pub fn place(place: &ErrorPlace, lang: Lang) -> String {
    if lang == Lang::En {
        return place.to_string();
    }
    let parts: Vec<String> = place
        .parts()
        .into_iter()
        .map(|part| match part {
            PlacePart::Column(column) => format!("第 {column} 列"),
            PlacePart::Document(document) => format!("第 {document} 个文档"),
            PlacePart::RefusedDocument(document, name) => format!("第 {document} 个文档（{name}）"),
            PlacePart::NodePool(pool) => format!("节点池 {pool}"),
            PlacePart::Step(step) => format!("第 {step} 步"),
        })
        .collect();
    parts.join("，")
}

/// The error's place, then its words: `step 1: <refusal>`, in `lang`.
pub fn said(error_place: &ErrorPlace, text: &str, refusal: Option<&Refusal>, lang: Lang) -> String {
    let text = match refusal {
        Some(refusal) => refusal_text::refusal(refusal, lang),
        None => text.to_owned(),
    };
    if error_place.is_empty() {
        return text;
    }
    format!("{}{}{text}", place(error_place, lang), lang.panels().colon)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dsplay_engine::simulation::Simulation;

    fn load_error(text: &str) -> dsplay_engine::simulation::LoadError {
        Simulation::load(text).err().expect("the scenario is refused")
    }

    #[test]
    fn a_refused_document_and_a_refused_step_are_placed_in_the_pages_language() {
        let scenario = "apiVersion: dsplay/v1\nkind: Scenario\nmetadata:\n  name: s\nspec:\n  nodePools:\n  - name: pool\n    count: 1\n  steps:\n  - settle now\n";
        let refused = load_error(scenario);
        assert_eq!(refused.place.step, Some(1));
        assert_eq!(said(&refused.place, &refused.text, refused.refusal.as_ref(), Lang::En), refused.to_string());
        let zh = said(&refused.place, &refused.text, refused.refusal.as_ref(), Lang::ZhHans);
        assert!(zh.starts_with("第 1 步：用法：settle"), "{zh}");

        let bad_label = format!(
            "{scenario}---\napiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: agent\n  labels: {{\"a b\": x}}\nspec:\n  selector: {{matchLabels: {{app: a}}}}\n  template:\n    metadata: {{labels: {{app: a}}}}\n    spec: {{containers: [{{name: c, image: i}}]}}\n"
        )
        .replace("  - settle now\n", "  - settle\n");
        let refused = load_error(&bad_label);
        assert_eq!(refused.place.refused_document, Some((2, "agent".to_owned())));
        let zh = said(&refused.place, &refused.text, None, Lang::ZhHans);
        assert!(zh.starts_with("第 2 个文档（agent）：The DaemonSet \"agent\" is invalid"), "{zh}");
    }

    #[test]
    fn a_file_that_is_no_scenario_is_refused_in_the_pages_language() {
        let refused = load_error("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n");
        assert_eq!(said(&refused.place, &refused.text, refused.refusal.as_ref(), Lang::En), refused.to_string());
        let zh = said(&refused.place, &refused.text, refused.refusal.as_ref(), Lang::ZhHans);
        assert!(zh.starts_with("演练场不运行 kind \"ConfigMap\"（v1）"), "{zh}");
        let refused = load_error("# nothing here\n");
        let zh = said(&refused.place, &refused.text, refused.refusal.as_ref(), Lang::ZhHans);
        assert!(zh.starts_with("没有 Scenario 文档"), "{zh}");
    }

    #[test]
    fn a_wrong_value_in_the_scenario_document_is_said_in_the_pages_language() {
        let head = "apiVersion: dsplay/v1\nkind: Scenario\nmetadata:\n  name: s\nspec:\n";
        let zh = |body: &str| {
            let refused = load_error(&format!("{head}{body}"));
            assert_eq!(said(&refused.place, &refused.text, refused.refusal.as_ref(), Lang::En), refused.to_string());
            said(&refused.place, &refused.text, refused.refusal.as_ref(), Lang::ZhHans)
        };
        assert_eq!(zh("  nodePools: [{name: a, count: lots}]\n"), "spec.nodePools[0].count：应为 0 到 10000 之间的节点数，实际为 \"lots\"");
        assert_eq!(zh("  nodePools: [{name: a, cuont: 2, lables: {}}]\n"), "未知字段 \"spec.nodePools[0].cuont\"；未知字段 \"spec.nodePools[0].lables\"");
        assert_eq!(zh("  nodePools: [{count: 2}]\n"), "spec.nodePools[0]：缺少字段 `name`");
        assert_eq!(zh("  nodePools: [{name: a, role: boss}]\n"), "spec.nodePools[0].role：未知的取值 `boss`，可选的取值为 `worker`、`control-plane`");
        assert_eq!(zh("  nodePools: [{name: a}, {name: a}]\n"), "spec.nodePools[1].name：重复的值 \"a\"");
        assert_eq!(zh("  timing: {podStartup: -1}\n"), "spec.timing.podStartup：无效的值 -1：应为 0 到 86400 之间的秒数");
        assert_eq!(zh("  steps:\n  - 30\n"), "第 1 步：步骤应为一条命令（字符串），或只含 `expect` 键的映射，实际为 30");
        assert_eq!(zh("  steps:\n  - expect: {rollout: {complete: 1}}\n"), "第 1 步：spec.steps[0].expect.rollout.complete：应为 true 或 false，实际为 1");
        assert_eq!(
            zh("  steps:\n  - expect: {phases: {a: Up}}\n"),
            "第 1 步：spec.steps[0].expect.phases[a]：不支持的值 \"Up\"：支持的值为 \"Pending\"、\"Running\"、\"Succeeded\"、\"Failed\"、\"Unknown\""
        );
    }
}
