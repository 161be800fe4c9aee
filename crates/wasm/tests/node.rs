//! The JS API under Node: `wasm-pack test --node --mode no-install crates/wasm`.
#![cfg(target_arch = "wasm32")]

use dsplay_wasm::{decode_link, encode_link, validate_manifest, Playground};
use js_sys::{Array, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

const SCENARIO: &str = "apiVersion: dsplay/v1
kind: Scenario
metadata: {name: wasm-test}
spec:
  nodePools: [{name: node, count: 3}]
  steps:
  - settle
  - expect:
      status: {desiredNumberScheduled: 3, numberReady: 3}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec: {containers: [{name: agent, image: busybox}]}
";

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn json(value: &JsValue) -> String {
    JSON::stringify(value).map(String::from).unwrap_or_default()
}

fn load() -> Playground {
    Playground::load(SCENARIO).unwrap_or_else(|e| panic!("{}", json(&e)))
}

#[wasm_bindgen_test]
fn run_returns_outcomes_with_expectations_held() {
    let mut pg = load();
    let outcomes: Array = pg.run().unchecked_into();
    assert_eq!(outcomes.length(), 2);
    let expect = outcomes.get(1);
    assert_eq!(get(&expect, "command").as_string().as_deref(), Some("expect"));
    assert_eq!(get(&expect, "failures").unchecked_into::<Array>().length(), 0, "{}", json(&expect));
    assert!(get(&outcomes.get(0), "error").is_null());
}

#[wasm_bindgen_test]
fn frames_show_nodes_pods_and_status() {
    let mut pg = load();
    pg.run();
    let count = pg.frame_count();
    assert!(count > 2);
    let last = pg.frame(count - 1).map(JsValue::from).unwrap_or(JsValue::UNDEFINED);
    let nodes: Array = get(&last, "nodes").unchecked_into();
    assert_eq!(nodes.length(), 3);
    let pod = get(&nodes.get(0), "daemonPods").unchecked_into::<Array>().get(0);
    assert_eq!(get(&pod, "phase").as_string().as_deref(), Some("Running"), "{}", json(&pod));
    assert_eq!(get(&pod, "ready").as_bool(), Some(true));
    assert!(get(&pod, "revision").is_string());
    let ds = get(&last, "daemonsets").unchecked_into::<Array>().get(0);
    assert_eq!(get(&get(&ds, "status"), "numberReady").as_f64(), Some(3.0));
    assert!(get(&last, "time").as_f64().is_some_and(|t| t > 0.0));
    let past = pg.frame(count).map(JsValue::from).err().unwrap_or(JsValue::UNDEFINED);
    assert!(past.is_instance_of::<js_sys::RangeError>());
}

#[wasm_bindgen_test]
fn apply_of_an_edited_image_rolls_out_on_the_running_cluster() {
    let mut pg = load();
    pg.run();
    let before = pg.frame_count();
    let applied = JsValue::from(pg.apply(&SCENARIO.replace("image: busybox", "image: busybox:1.37")).unwrap_or_else(|e| panic!("{}", json(&e))));
    assert_eq!(get(&applied, "reloaded").as_bool(), Some(false));
    assert!(get(&applied, "refused").is_null(), "{}", json(&applied));
    let outcomes: Array = get(&applied, "outcomes").unchecked_into();
    assert_eq!(get(&outcomes.get(0), "output").as_string().as_deref(), Some("daemonset.apps/agent configured"));
    assert!(pg.frame_count() > before);
    let reloaded = JsValue::from(pg.apply(&SCENARIO.replace("count: 3", "count: 4")).unwrap_or_else(|e| panic!("{}", json(&e))));
    assert_eq!(get(&reloaded, "reloaded").as_bool(), Some(true));
    let broken = pg.apply("kind: [").map(JsValue::from).err().unwrap_or(JsValue::UNDEFINED);
    assert!(get(&broken, "line").as_f64().is_some(), "{}", json(&broken));
}

#[wasm_bindgen_test]
fn step_runs_console_commands() {
    let mut pg = load();
    pg.run();
    let cordon = JsValue::from(pg.step("kubectl cordon node-02"));
    assert_eq!(get(&cordon, "output").as_string().as_deref(), Some("node/node-02 cordoned"));
    let bad = JsValue::from(pg.step("kubectl frobnicate"));
    assert!(get(&bad, "error").is_string(), "{}", json(&bad));
}

#[wasm_bindgen_test]
fn load_errors_are_errors_with_a_line() {
    let broken = SCENARIO.replace("count: 3", "count: three");
    let error = Playground::load(&broken).err().unwrap_or(JsValue::UNDEFINED);
    assert!(error.is_instance_of::<js_sys::Error>());
    // The line is a property of its own; the message names the field.
    assert!(get(&error, "message").as_string().unwrap_or_default().contains("spec.nodePools[0].count"), "{}", json(&get(&error, "message")));
    assert_eq!(get(&error, "line").as_f64(), Some(5.0));
}

#[wasm_bindgen_test]
fn validate_manifest_reports_messages() {
    let ok = JsValue::from(validate_manifest(SCENARIO.split("---\n").nth(1).unwrap_or_default()));
    assert_eq!(get(&ok, "valid").as_bool(), Some(true), "{}", json(&ok));
    let bad = JsValue::from(validate_manifest("apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: x}\nspec:\n  selector: {matchLabels: {a: b}}\n  template:\n    metadata: {labels: {a: c}}\n    spec: {containers: [{name: c, image: busybox}]}\n"));
    assert_eq!(get(&bad, "valid").as_bool(), Some(false));
    let first = get(&bad, "messages").unchecked_into::<Array>().get(0);
    assert_eq!(get(&first, "line").as_f64(), Some(7.0), "{}", json(&first));
}

#[wasm_bindgen_test]
fn links_round_trip_and_damage_is_reported() {
    let link = encode_link(SCENARIO);
    assert!(link.starts_with("v1="));
    assert_eq!(decode_link(&format!("https://example.test/#{link}")).ok().as_deref(), Some(SCENARIO));
    let error = decode_link("#v1=!!!").err().unwrap_or(JsValue::UNDEFINED);
    assert!(get(&error, "message").as_string().unwrap_or_default().contains("base64url"));
}
