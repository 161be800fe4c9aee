//! DaemonSet Playground's engine for JavaScript. A thin host of `dsplay-engine`: the
//! scenario runs here exactly as in the web app and the `dsplay` command.
//!
//! ```js
//! import init, { Playground, validateManifest, encodeLink, decodeLink } from "dsplay-wasm";
//! await init();
//! const pg = Playground.load(scenarioText);   // throws Error with .line
//! const outcomes = pg.run();                   // StepOutcome[]
//! const last = pg.frame(pg.frameCount() - 1);  // Frame
//! const applied = pg.apply(editedText);        // kubectl apply -f of the edited file
//! ```
//!
//! Results cross the boundary as JSON-shaped objects; their TypeScript types are in the
//! custom section below, so the generated `.d.ts` is typed.

mod frame;
mod js;
mod validate;

use dsplay_engine::share;
use dsplay_engine::simulation::{Edit, Simulation, StepOutcome};
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;

pub use frame::frame_json;
pub use validate::validate_manifest_json;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** What one step or console command did. */
export interface StepOutcome {
  /** The command as written, or "expect". */
  command: string;
  /** What kubectl (or the simulation) printed. */
  output: string;
  /** The error printed instead, for a rejected command. */
  error: string | null;
  /** For an expect step: what differed (empty when it held). */
  failures: ExpectationFailure[];
  /** The frames this step produced, inclusive. */
  firstFrame: number;
  lastFrame: number;
}

export interface ExpectationFailure { field: string; expected: string; actual: string; }

export type PodPhase = "Pending" | "Running" | "Succeeded" | "Failed" | "Unknown";

/** A daemon pod, on the node it belongs to (bound or not yet scheduled). */
export interface DaemonPod {
  name: string;
  namespace: string;
  daemonset: string;
  phase: PodPhase;
  ready: boolean;
  terminating: boolean;
  /** Bound to the node (false while Pending unscheduled). */
  scheduled: boolean;
  /** The controller-revision-hash label. */
  revision: string | null;
  /** The pod-template-generation label. */
  generation: number | null;
}

export interface FrameNode {
  name: string;
  /** The Ready condition: "True", "False" or "Unknown". */
  ready: string;
  unschedulable: boolean;
  labels: Record<string, string>;
  taints: string[];
  daemonPods: DaemonPod[];
  /** Pods not owned by a DaemonSet, by name. */
  otherPods: string[];
}

export interface DaemonSetStatus {
  desiredNumberScheduled: number;
  currentNumberScheduled: number;
  numberMisscheduled: number;
  numberReady: number;
  numberAvailable: number;
  numberUnavailable: number;
  updatedNumberScheduled: number;
  observedGeneration: number;
}

export interface FrameDaemonSet { namespace: string; name: string; generation: number; status: DaemonSetStatus; }

export type FrameMarker =
  | { step: number }
  /** A console command that changed the cluster, by its text. */
  | { command: string }
  | { updateApplied: string }
  | { rolloutComplete: string }
  /** rollingUpdate replaced pods: batch `number` (from 1) since the template changed. */
  | { rolloutBatch: { daemonset: string; number: number; deleted: number; created: number;
      /** The budget the batch was decided by, and how much of it was in use before. */
      budget: { kind: "maxSurge" | "maxUnavailable"; value: number; inUse: number } } }
  /** The command stopped here: a DaemonSet made `created` pods for `node`, each ending `fate`. */
  | { stopped: { daemonset: string; node: string; created: number; fate: string | null } };

/** One instant of the timeline. */
export interface Frame {
  /** Simulated milliseconds since the scenario loaded. */
  time: number;
  cause: string;
  /** The first of `markers`, or null. */
  marker: FrameMarker | null;
  /** Every marker of the frame: a step, a template change, a batch, completed rollouts. */
  markers: FrameMarker[];
  nodes: FrameNode[];
  daemonsets: FrameDaemonSet[];
}

export interface ValidationMessage {
  /** 1-based document of the file. */
  document: number;
  line: number | null;
  path: string | null;
  message: string;
}

export interface ValidationResult { valid: boolean; messages: ValidationMessage[]; }

/** What `apply` did with an edited scenario. */
export interface ApplyResult {
  /**
   * The scenario itself changed (pools, timing, steps, a document removed): the
   * playground now holds the edited scenario, loaded but not run (call `run`).
   */
  reloaded: boolean;
  /** Otherwise: a `kubectl apply -f <name>` per changed or new object, then `settle`. */
  outcomes: StepOutcome[];
  /** The first object the API server refused, at the line of the field it names. */
  refused: { message: string; line: number | null } | null;
}
"#;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(typescript_type = "StepOutcome")]
    pub type JsStepOutcome;
    #[wasm_bindgen(typescript_type = "StepOutcome[]")]
    pub type JsStepOutcomes;
    #[wasm_bindgen(typescript_type = "Frame")]
    pub type JsFrame;
    #[wasm_bindgen(typescript_type = "ValidationResult")]
    pub type JsValidationResult;
    #[wasm_bindgen(typescript_type = "ApplyResult")]
    pub type JsApplyResult;
}

/// A scenario loaded into the simulated cluster.
#[wasm_bindgen]
pub struct Playground {
    simulation: Simulation,
}

#[wasm_bindgen]
impl Playground {
    /// Parses the scenario and creates its objects at time 0. Throws an `Error` whose
    /// `message` says what is wrong and whose `line` (1-based, or null) says where.
    pub fn load(text: &str) -> Result<Playground, JsValue> {
        Simulation::load(text).map(|simulation| Playground { simulation }).map_err(|e| js::error_with_line(&e.to_string(), e.line))
    }

    /// Plays every step of the scenario, in order.
    pub fn run(&mut self) -> JsStepOutcomes {
        let outcomes: Vec<Value> = self.simulation.run_steps().iter().map(outcome_json).collect();
        js::from_json(&Value::Array(outcomes)).unchecked_into()
    }

    /// Runs one console command (`kubectl ...`, `advance 30s`, `node down node-02`, ...).
    pub fn step(&mut self, command: &str) -> JsStepOutcome {
        js::from_json(&outcome_json(&self.simulation.execute(command))).unchecked_into()
    }

    /// `kubectl apply -f` of an edited scenario on the running cluster: when only its
    /// manifests changed they are applied at the end of the timeline; otherwise the
    /// edited scenario replaces this one. Throws like `load` when the edit does not load,
    /// and then changes nothing.
    pub fn apply(&mut self, text: &str) -> Result<JsApplyResult, JsValue> {
        let edit = self.simulation.apply_edit(text).map_err(|e| js::error_with_line(&e.to_string(), e.line))?;
        let result = match edit {
            Edit::Reload(simulation) => {
                self.simulation = *simulation;
                json!({ "reloaded": true, "outcomes": [], "refused": null })
            }
            Edit::Applied { outcomes, refused } => json!({
                "reloaded": false,
                "outcomes": outcomes.iter().map(outcome_json).collect::<Vec<_>>(),
                "refused": refused.map(|e| json!({ "message": e.to_string(), "line": e.line })),
            }),
        };
        Ok(js::from_json(&result).unchecked_into())
    }

    #[wasm_bindgen(js_name = frameCount)]
    pub fn frame_count(&self) -> usize {
        self.simulation.frames().len()
    }

    /// Frame `i` of the timeline; throws a `RangeError` past the end.
    pub fn frame(&self, i: usize) -> Result<JsFrame, JsValue> {
        match self.simulation.frames().get(i) {
            Some(frame) => Ok(js::from_json(&frame_json(frame)).unchecked_into()),
            None => Err(js::range_error(&format!("frame {i} does not exist: the timeline has {} frames", self.frame_count()))),
        }
    }
}

/// The API server's verdict on each document of a manifest file (strict decoding,
/// defaults, validation), as `dsplay validate` prints it.
#[wasm_bindgen(js_name = validateManifest)]
pub fn validate_manifest(yaml: &str) -> JsValidationResult {
    js::from_json(&validate_manifest_json(yaml)).unchecked_into()
}

/// The share-link fragment of a scenario, without `#`: `v1=...`.
#[wasm_bindgen(js_name = encodeLink)]
pub fn encode_link(text: &str) -> String {
    share::encode(text)
}

/// The scenario text of a link: a full URL, `#v1=...` or `v1=...`. Throws an `Error`
/// saying why a damaged link cannot be read.
#[wasm_bindgen(js_name = decodeLink)]
pub fn decode_link(fragment: &str) -> Result<String, JsValue> {
    share::decode(fragment).map_err(|e| js::error_with_line(&e.to_string(), None))
}

/// A [`StepOutcome`] as the `StepOutcome` interface.
pub fn outcome_json(outcome: &StepOutcome) -> Value {
    json!({
        "command": outcome.command,
        "output": outcome.output,
        "error": outcome.error,
        "failures": outcome.failures.iter().map(|f| json!({"field": f.field, "expected": f.expected, "actual": f.actual})).collect::<Vec<_>>(),
        "firstFrame": outcome.first_frame,
        "lastFrame": outcome.last_frame,
    })
}
