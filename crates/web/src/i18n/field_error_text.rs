//! The Scenario document's wrong values (`dsplay_engine::scenario::FieldError`) in
//! 简体中文: field paths, names and values stay as written.

use dsplay_engine::scenario::{Expected, FieldError, FieldProblem, NOT_A_LABEL};
use dsplay_model::strict_decoder::Found;

/// Every error of one refusal, in the order the engine found them.
pub fn zh_hans_of_field_errors(errors: &[FieldError]) -> String {
    let said: Vec<String> = errors.iter().map(zh_hans_of_field_error).collect();
    said.join("；")
}

fn zh_hans_of_field_error(error: &FieldError) -> String {
    let path = &error.path;
    let problem = match &error.problem {
        FieldProblem::UnknownField => return format!("未知字段 \"{path}\""),
        FieldProblem::UnknownStatusField => {
            let fields = dsplay_engine::scenario::DAEMONSET_STATUS_FIELDS.join("、");
            return format!("未知字段 \"{path}\"：DaemonSetStatus 的字段有 {fields}");
        }
        FieldProblem::AppliedLaterTwice { kind, name } => {
            return format!(
                "有两个名为 \"{name}\" 的 {kind} 文档标记了 dsplay/apply: later；`kubectl apply -f {name}` 无法区分它们"
            )
        }
        FieldProblem::StepKind { found } => {
            return format!("步骤应为一条命令（字符串），或只含 `expect` 键的映射，实际为 {}", found_text(found))
        }
        FieldProblem::MissingField { field } => format!("缺少字段 `{field}`"),
        FieldProblem::WrongValue { found, expected } => {
            let expected = expected_text(expected);
            // A space between Chinese and Latin text or digits, as Chinese typesetting has it.
            let gap = if expected.starts_with(|c: char| c.is_ascii()) { " " } else { "" };
            format!("应为{gap}{expected}，实际为 {}", found_text(found))
        }
        FieldProblem::UnknownVariant { variant, expected } => {
            let names: Vec<String> = expected.iter().map(|name| format!("`{name}`")).collect();
            format!("未知的取值 `{variant}`，可选的取值为 {}", names.join("、"))
        }
        FieldProblem::NoScenarioName => "场景必须有 metadata.name".to_owned(),
        // The label rule's own words are Kubernetes', as the API server says them.
        FieldProblem::NotALabel { value } => {
            format!("无效的值 \"{value}\"：须为小写的 RFC 1123 标签，只含小写字母、数字和 '-'，且以字母或数字开头和结尾（{NOT_A_LABEL}）")
        }
        FieldProblem::LabelTooLong { value } => format!("无效的值 \"{value}\"：不能超过 63 个字符"),
        FieldProblem::Required => "必须填写".to_owned(),
        FieldProblem::Duplicate { value } => format!("重复的值 \"{value}\""),
        FieldProblem::SecondsOutOfRange { seconds } => format!("无效的值 {seconds}：应为 0 到 86400 之间的秒数"),
        FieldProblem::ApplyWhen { found } => format!("dsplay/apply 只能取值 \"later\"，而不是 {}", found_text(found)),
        FieldProblem::NoChecks => {
            format!("expect 步骤至少需要一项检查：{}", dsplay_engine::scenario::EXPECTATION_KEYS.join("、"))
        }
        FieldProblem::UnknownPhase { phase } => {
            let phases: Vec<String> = dsplay_engine::scenario::POD_PHASES.iter().map(|p| format!("\"{p}\"")).collect();
            format!("不支持的值 \"{phase}\"：支持的值为 {}", phases.join("、"))
        }
    };
    if path.is_empty() {
        problem
    } else {
        format!("{path}：{problem}")
    }
}

fn expected_text(expected: &Expected) -> String {
    match expected {
        Expected::NodeCount { max } => format!("0 到 {max} 之间的节点数"),
        Expected::Count => "不小于 0 的整数".to_owned(),
        Expected::Integer => "整数".to_owned(),
        Expected::Number => "数字".to_owned(),
        Expected::TrueOrFalse => "true 或 false".to_owned(),
        Expected::Text => "文本".to_owned(),
        Expected::List => "列表".to_owned(),
        Expected::Mapping => "键值映射".to_owned(),
        Expected::Other(words) => words.clone(),
    }
}

fn found_text(found: &Found) -> &str {
    match found {
        Found::Scalar(text) => text,
        Found::List => "列表",
        Found::Mapping => "映射",
        Found::Nothing => "空值",
    }
}
