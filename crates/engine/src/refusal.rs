//! What the playground itself refuses, in its own voice: a simulation command it cannot
//! read, a kubectl command (or form of one) it does not serve, a scenario file that is
//! not one. kubectl's, the API server's and the YAML parser's errors are plain text,
//! printed as they print them; these are kept as values so that the page can say them
//! in its language. English is their `Display`.

use std::fmt;

use crate::scenario::FieldError;

macro_rules! simulation_commands {
    () => {
        "advance <duration> (30s, 2m, 1m30s, 500ms) | settle | node add <name> [--pool <pool>] | node down <node> | node up <node> | image <ref> crash|complete|oom|unready|pull-error|ok"
    };
}

/// The simulation commands, as their usage lists them: a host says the label around
/// them in its own language.
pub const SIMULATION_COMMANDS: &str = simulation_commands!();

/// The simulation commands' usage, printed for any malformed one.
pub const SIMULATION_USAGE: &str = concat!("usage: ", simulation_commands!());

/// The kubectl subcommands the playground serves.
pub const SERVED: &str = "apply, label, taint, cordon, uncordon, drain, delete, set image, patch, rollout, get, describe";

/// The printers of `kubectl get -o`.
pub const PRINTED_FORMATS: &str = "-o wide, yaml, json, name, jsonpath= and custom-columns=";

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    // ----- the simulation commands -----
    EmptyCommand,
    UnknownCommand { word: String },
    AdvanceTooFar { max_hours: u64 },
    InvalidDuration { text: String },
    AdvanceUsage,
    SettleUsage,
    UnknownImageBehaviour { behaviour: String },
    ImageUsage,
    /// `flag_error` is pflag's first line (English, as kubectl's flags say it).
    NodeUsage { flag_error: Option<String> },
    /// `node add` into a pool the scenario does not have (typed, or a step).
    NoNodePool { pool: String },
    /// `node add` in a scenario without pools.
    NoPoolToShape,

    // ----- kubectl forms the playground does not serve -----
    /// `kubectl` alone: kubectl's first line, then what is served here.
    KubectlAlone,
    NotServed { subcommand: String },
    /// A flag of the real command (`kubectl get --sort-by`) the playground does not serve.
    FlagNotServed { command: String, flag: String },
    LabelsNodesOnly { resource: String },
    TakesNodes { command: String, arg: String },
    DeletesPodsBySelectorOnly { resource: String },
    DeletesOneNameAtATime,
    DeletesOnly { resource: String },
    OneDaemonSetAtATime { command: String },
    DaemonSetsOnly { command: String, resource: String },
    SetImageOnePair,
    SetServesImageOnly,
    PatchesPodStatusOnly,
    PatchesOnePodAtATime,
    PatchesStatusOfPodsOnly,
    RolloutServes,
    UndoWithoutDryRun,
    SeveralTypesWithoutNames,
    NoWatch,
    OutputFormatNotPrinted { format: String },
    AtMostOneName { command: String },
    AllIsACategory,
    OneTypeAtATimeHere { text: String },
    /// A built-in type of every cluster (deployments, services...) that is not simulated.
    TypeNotSimulated { text: String },
    OneTypePerCommand,
    DescribeNotAvailable { plural: String },

    // ----- scenario files -----
    NoScenarioDocument,
    /// `first` is 1-based.
    SecondScenarioDocument { first: usize },
    /// `found` is the document's `apiVersion`/`kind`.
    NotAScenarioDocument { found: String },
    KindNotRun { kind: String, api_version: String },
    StepMapKeys { keys: String },
    ApplyOfNoDocument { name: String },
    NodeMadeByPool { node: String, pool: String },
    /// Pools, Node documents and `node add` steps make more nodes than the playground runs
    /// (`nodes` counted up to the source that goes over).
    TooManyNodes { nodes: u64, max: u64 },
    /// A `node add` when the cluster already has the most nodes the playground runs.
    NodeLimitReached { max: u64 },
    /// Values of the Scenario document that are wrong (one at least).
    ScenarioFields(Vec<FieldError>),

    // ----- scenarios an embedding page sends (`dsplay:load`), held to a link's limits -----
    SentTooLarge { max_kib: usize },
    SentTooManyNodes { nodes: u64, max: u64 },
    SentTooManySteps { steps: usize, max: usize },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const ADVANCE_USAGE: &str = "usage: advance <duration>, e.g. advance 30s, advance 2m, advance 1m30s, advance 500ms";
        const IMAGE_USAGE: &str = "usage: image <ref> crash|complete|oom|unready|pull-error|ok";
        const NODE_USAGE: &str = "usage: node add <name> [--pool <pool>] | node down <node> | node up <node>";
        match self {
            Self::EmptyCommand => write!(f, "error: empty command; {SIMULATION_USAGE} | kubectl ..."),
            Self::UnknownCommand { word } => {
                write!(f, "error: unknown command \"{word}\"; commands are kubectl, advance, settle, node add|down|up, image")
            }
            Self::AdvanceTooFar { max_hours } => write!(f, "error: advance moves the clock at most {max_hours}h at a time"),
            Self::InvalidDuration { text } => write!(f, "error: invalid duration \"{text}\"; {ADVANCE_USAGE}"),
            Self::AdvanceUsage => f.write_str(ADVANCE_USAGE),
            Self::SettleUsage => f.write_str("usage: settle (no arguments): runs until nothing more happens, at most 1 h"),
            Self::UnknownImageBehaviour { behaviour } => write!(f, "error: unknown image behaviour \"{behaviour}\"; {IMAGE_USAGE}"),
            Self::ImageUsage => write!(f, "{IMAGE_USAGE}, e.g. image example/agent:2.0 crash"),
            Self::NodeUsage { flag_error: Some(error) } => write!(f, "{error}\n{NODE_USAGE}"),
            Self::NodeUsage { flag_error: None } => f.write_str(NODE_USAGE),
            Self::NoNodePool { pool } => write!(f, "error: no node pool named {pool:?}"),
            Self::NoPoolToShape => f.write_str("error: the scenario has no node pool to shape the node on; use --pool"),
            Self::KubectlAlone => write!(f, "kubectl controls the Kubernetes cluster manager. Commands served here: {SERVED}"),
            Self::NotServed { subcommand } => write!(
                f,
                "error: \"kubectl {subcommand}\" is not served by the playground, whose containers and API server are simulated; commands served here: {SERVED}"
            ),
            Self::FlagNotServed { command, flag } => {
                write!(f, "error: {flag} is a flag of {command} that the playground does not serve")
            }
            Self::LabelsNodesOnly { resource } => write!(f, "error: the playground's kubectl label changes nodes only, not {resource}"),
            Self::TakesNodes { command, arg } => write!(f, "error: the playground's {command} takes nodes: {arg}"),
            Self::DeletesPodsBySelectorOnly { resource } => {
                write!(f, "error: the playground deletes pods by selector or --all, not {resource}")
            }
            Self::DeletesOneNameAtATime => f.write_str("error: the playground's kubectl delete takes one name at a time"),
            Self::DeletesOnly { resource } => write!(f, "error: the playground deletes pods, nodes and daemonsets, not {resource}"),
            Self::OneDaemonSetAtATime { command } => write!(f, "error: the playground's {command} takes one daemonset at a time"),
            Self::DaemonSetsOnly { command, resource } => {
                write!(f, "error: the playground's {command} works on daemonsets, not {resource}")
            }
            Self::SetImageOnePair => f.write_str("error: the playground's kubectl set image takes one container=image pair"),
            Self::SetServesImageOnly => f.write_str("error: the playground serves `kubectl set image ds/<name> <container>=<image>`"),
            Self::PatchesPodStatusOnly => f.write_str(
                "error: the playground patches a pod's status only: kubectl patch pod <pod> --subresource=status -p '<json>'",
            ),
            Self::PatchesOnePodAtATime => f.write_str("error: the playground's kubectl patch takes one pod at a time"),
            Self::PatchesStatusOfPodsOnly => f.write_str("error: the playground patches the status subresource of pods only"),
            Self::RolloutServes => f.write_str("error: the playground serves kubectl rollout status|history|undo|restart <daemonset>"),
            Self::UndoWithoutDryRun => f.write_str(
                "error: the playground's kubectl rollout undo does not take --dry-run: kubectl rollout history --revision=N shows the template it would restore",
            ),
            Self::SeveralTypesWithoutNames => f.write_str("error: the playground lists several types without names: kubectl get ds,pods"),
            Self::NoWatch => f.write_str(
                "error: the playground's console does not watch (-w): play the timeline, or step it, to see each change as it comes",
            ),
            Self::OutputFormatNotPrinted { format } => write!(f, "error: the playground prints {PRINTED_FORMATS}, not \"{format}\""),
            Self::AtMostOneName { command } => write!(f, "error: the playground's {command} takes at most one name"),
            Self::AllIsACategory => f.write_str(
                "error: the playground's kubectl takes one resource type at a time: daemonsets, pods, nodes, controllerrevisions or events (\"all\" is a category it does not expand)",
            ),
            Self::OneTypeAtATimeHere { text } => {
                write!(f, "error: the playground's kubectl takes one resource type at a time here, not \"{text}\"")
            }
            Self::TypeNotSimulated { text } => write!(
                f,
                "error: a real cluster serves \"{text}\", but the playground does not simulate it: it simulates daemonsets, pods, nodes, controllerrevisions and events"
            ),
            Self::OneTypePerCommand => f.write_str("error: the playground takes one resource type per command"),
            Self::DescribeNotAvailable { plural } => write!(f, "error: describe is not available for {plural} in the playground"),
            Self::NoScenarioDocument => {
                f.write_str("no Scenario document: a scenario file has one document with apiVersion: dsplay/v1, kind: Scenario")
            }
            Self::SecondScenarioDocument { first } => {
                write!(f, "a second Scenario document; a file has exactly one (the first is document {first})")
            }
            Self::NotAScenarioDocument { found } => {
                write!(f, "a Scenario document has apiVersion: dsplay/v1 and kind: Scenario, not {found}")
            }
            Self::KindNotRun { kind, api_version } => write!(
                f,
                "kind \"{kind}\" ({api_version}) is not one the playground runs: a scenario holds apps/v1 DaemonSet, v1 Node, v1 Pod and one dsplay/v1 Scenario"
            ),
            Self::StepMapKeys { keys } => write!(f, "a step that is a map has the one key `expect`, not {keys}"),
            Self::ApplyOfNoDocument { name } => {
                write!(f, "kubectl apply -f {name}: no document of the file has metadata.name \"{name}\"")
            }
            Self::NodeMadeByPool { node, pool } => write!(f, "node \"{node}\" is already made by node pool \"{pool}\""),
            Self::TooManyNodes { nodes, max } => write!(
                f,
                "the scenario makes {nodes} nodes (node pools, Node documents and `node add` steps together); the playground runs at most {max}"
            ),
            Self::NodeLimitReached { max } => write!(f, "error: the cluster has {max} nodes, the most the playground runs"),
            Self::SentTooLarge { max_kib } => write!(f, "the scenario sent is larger than {max_kib} KiB"),
            Self::SentTooManyNodes { nodes, max } => {
                write!(f, "the scenario sent has {nodes} nodes; an embedded playground runs at most {max}")
            }
            Self::SentTooManySteps { steps, max } => {
                write!(f, "the scenario sent has {steps} steps; an embedded playground runs at most {max}")
            }
            Self::ScenarioFields(errors) => {
                let said: Vec<String> = errors.iter().map(FieldError::to_string).collect();
                f.write_str(&said.join(", "))
            }
        }
    }
}
