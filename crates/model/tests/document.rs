//! Multi-document splitting and strict decoding against the k8s-openapi types.

use dsplay_model::document::{decode_strict, decode_strict_all, decode_text, locate, split_documents, yaml_to_json};
use dsplay_model::field_path::FieldPath;
use dsplay_model::k8s_openapi::api::apps::v1::DaemonSet;
use dsplay_model::k8s_openapi::api::core::v1::Node;

const TWO: &str = "\
# leading comment
---
apiVersion: v1
kind: Node
metadata: {name: n1}
---
---
# only a comment
---
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector: {matchLabels: {app: a}}
  template:
    metadata: {labels: {app: a}}
    spec:
      containers:
      - name: c
        image: busybox
        volumeMounts:
        - {name: v, mountPath: /a}
        - {name: w, mountPath: /b}
        - {name: x, mountPath: /c, mountOnly: true}
        ports:
        - containerPort: 80
          bogus: 1
";

#[test]
fn splits_and_skips_empty_documents() {
    let docs = split_documents(TWO).unwrap();
    assert_eq!(docs.len(), 2);
    assert_eq!((docs[0].index, docs[0].line), (0, 3));
    assert_eq!(docs[0].kind.as_deref(), Some("Node"));
    assert_eq!(docs[0].name.as_deref(), Some("n1"));
    assert_eq!((docs[1].index, docs[1].line), (1, 10));
    assert_eq!(docs[1].api_version.as_deref(), Some("apps/v1"));
    assert_eq!(docs[1].name.as_deref(), Some("agent"));
    let node: Node = decode_strict(&docs[0]).unwrap();
    assert_eq!(node.metadata.name.as_deref(), Some("n1"));
}

#[test]
fn reports_every_unknown_field_with_its_path_and_line() {
    let docs = split_documents(TWO).unwrap();
    let errors = decode_strict_all::<DaemonSet>(&docs[1]).unwrap_err();
    let found: Vec<(Option<String>, Option<usize>)> = errors.iter().map(|e| (e.path.clone(), e.line)).collect();
    // In key order, as kubectl's JSON has them: ports before volumeMounts.
    assert_eq!(
        found,
        vec![
            (Some("spec.template.spec.containers[0].ports[0].bogus".to_owned()), Some(28)),
            (Some("spec.template.spec.containers[0].volumeMounts[2].mountOnly".to_owned()), Some(25)),
        ]
    );
    let merged = decode_strict::<DaemonSet>(&docs[1]).unwrap_err();
    assert_eq!(
        merged.to_string(),
        "document 2, line 28: unknown field \"spec.template.spec.containers[0].ports[0].bogus\", \
         unknown field \"spec.template.spec.containers[0].volumeMounts[2].mountOnly\""
    );
}

#[test]
fn wrong_types_are_the_api_servers_words_at_their_line() {
    let text = "apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: a}\nspec:\n  selector: {}\n  template:\n    spec:\n      containers:\n      - name: c\n        ports:\n        - containerPort: eighty\n";
    let docs = split_documents(text).unwrap();
    let err = decode_strict::<DaemonSet>(&docs[0]).unwrap_err();
    assert_eq!(err.path.as_deref(), Some("spec.template.spec.containers[0].ports[0].containerPort"));
    assert_eq!(err.line, Some(11));
    assert_eq!(
        err.message,
        "json: cannot unmarshal string into Go struct field ContainerPort.spec.template.spec.containers.ports.containerPort of type int32"
    );
}

#[test]
fn syntax_errors_carry_line_and_column_in_the_whole_file() {
    let text = "apiVersion: v1\nkind: Node\n---\napiVersion: v1\nkind: Node\nmetadata: {name: [x}\n";
    let err = split_documents(text).unwrap_err();
    assert_eq!(err.document, 1);
    assert_eq!(err.line, Some(6));
    assert!(err.column.is_some());
    assert!(err.message.starts_with("did not find expected ',' or ']'"), "{}", err.message);
    let at = format!(" at line 6 column {}", err.column.unwrap_or(0));
    assert!(!err.message.contains(&at), "{}", err.message);
    assert!(err.to_string().starts_with("document 2, line 6, column "), "{err}");
}

/// libyaml names only a byte offset for a control character: the error stands at its
/// line and column, and names the character an editor does not show.
#[test]
fn a_control_character_is_placed_and_named() {
    let text = "apiVersion: v1\nkind: Node\n---\napiVersion: v1\nkind: Node\nmetadata: {name: \"a\u{7}b\"}\n";
    let err = split_documents(text).unwrap_err();
    assert_eq!((err.document, err.line, err.column), (1, Some(6), Some(20)));
    assert_eq!(err.message, "control characters are not allowed (U+0007)");
}

#[test]
fn a_document_that_is_not_an_object_is_an_error() {
    let err = split_documents("a: 1\n---\n- x\n").unwrap_err();
    assert_eq!((err.document, err.line), (1, Some(3)));
    assert!(err.message.contains("found a list"));
}

#[test]
fn markers_with_content_and_document_end() {
    let docs = split_documents("--- {kind: A}\n...\nkind: B\n---\n  # indented comment\nkind: C\n").unwrap();
    let kinds: Vec<_> = docs.iter().map(|d| (d.kind.clone().unwrap_or_default(), d.line)).collect();
    assert_eq!(kinds, vec![("A".into(), 1), ("B".into(), 3), ("C".into(), 6)]);
    // `----` and `---x` are not markers.
    assert_eq!(split_documents("a: |\n  ----\nb: 1\n").unwrap().len(), 1);
}

#[test]
fn locate_finds_paths_in_later_documents() {
    let path = FieldPath::parse("spec.template.spec.containers[0].image");
    assert_eq!(locate(TWO, 1, &path).map(|p| p.line), Some(21));
    assert_eq!(locate(TWO, 0, &FieldPath::parse("metadata.name")).map(|p| p.line), Some(5));
    assert_eq!(locate(TWO, 5, &path), None);
}

#[test]
fn patches_may_be_json_or_yaml() {
    assert_eq!(yaml_to_json("{\"a\": 1}").unwrap(), serde_json::json!({"a": 1}));
    assert_eq!(yaml_to_json("a: {b: x}").unwrap(), serde_json::json!({"a": {"b": "x"}}));
    assert!(yaml_to_json("{a: [").is_err());
}

/// An editor's UTF-8 byte-order mark is not text: the file reads as without it, even
/// before a `---` marker, and lines stay those the editor shows.
#[test]
fn a_byte_order_mark_is_not_part_of_the_text() {
    let docs = split_documents("\u{feff}---\napiVersion: v1\nkind: Node\n---\napiVersion: v1\nkind: Pod\n").unwrap();
    assert_eq!(docs.len(), 2);
    assert_eq!((docs[0].kind.as_deref(), docs[0].line), (Some("Node"), 2));
    let docs = split_documents("\u{feff}apiVersion: v1\nkind: Node\n").unwrap();
    assert_eq!(docs[0].api_version.as_deref(), Some("v1"));
}

#[test]
fn utf16_and_bytes_that_are_not_utf8_are_named_and_placed() {
    let utf16: Vec<u8> = [0xFF, 0xFE].into_iter().chain("a: 1\n".encode_utf16().flat_map(u16::to_le_bytes)).collect();
    let err = decode_text(&utf16).unwrap_err();
    assert!(err.message.contains("UTF-16"), "{}", err.message);
    let err = decode_text(b"apiVersion: v1\nkind: \xC3\xA9\xFFx\n").unwrap_err();
    assert_eq!((err.line, err.column), (Some(2), Some(8)));
    assert!(err.message.starts_with("invalid UTF-8: byte 0xFF"), "{}", err.message);
    assert_eq!(decode_text("é\n".as_bytes()).unwrap(), "é\n");
}

/// Positions in a late document are positions in the file, looked up in a map made
/// once per document.
#[test]
fn fields_of_a_late_document_are_located_in_the_whole_file() {
    let mut text = String::new();
    for i in 0..50 {
        text.push_str(&format!("---\napiVersion: v1\nkind: Node\nmetadata:\n  name: n{i}\n"));
    }
    let docs = split_documents(&text).unwrap();
    let name = FieldPath::root().child("metadata").child("name");
    assert_eq!(docs[49].locate(&name).map(|p| p.line), Some(49 * 5 + 5));
    assert_eq!(docs[49].locate(&name).map(|p| p.line), Some(49 * 5 + 5));
}
