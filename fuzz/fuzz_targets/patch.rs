//! `kubectl patch`: the patch module's merges over arbitrary JSON documents, and each
//! patch type through the console against a live DaemonSet and a pod's status.
//!
//! Input: one byte picks the case, then `original` and `patch` separated by the first
//! NUL byte (the console cases use the whole rest as the patch text).
#![no_main]

use dsplay_engine::api::patch::{json_merge, json_patch, strategic_merge, three_way_patch};
use dsplay_engine::kubectl::command::split_words;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let Some(rest) = dsplay_fuzz::text(rest, 8192) else { return };
    match selector % 4 {
        0 => {
            let (original, patch) = rest.split_once('\0').unwrap_or(("{}", rest));
            let (Ok(original), Ok(patch)) = (serde_json::from_str::<Value>(original), serde_json::from_str::<Value>(patch)) else {
                return;
            };
            let merged = strategic_merge(&original, &patch);
            let _ = json_merge(&original, &patch);
            let _ = json_patch(&original, &patch);
            let _ = three_way_patch(Some(&original), &patch, &merged);
            let _ = three_way_patch(None, &merged, &original);
        }
        case => {
            let patch_type = ["strategic", "merge", "json"][usize::from(selector / 4) % 3];
            let target = if case == 3 { "pod @node-01 --subresource=status" } else { "ds agent" };
            let line = format!("kubectl patch {target} --type={patch_type} -p {}", dsplay_fuzz::single_quoted(rest));
            // The console reads a quoted word back as it was, whatever it holds.
            let words = split_words(&line).expect("a single-quoted word splits");
            assert_eq!(words.last().map(String::as_str), Some(rest));
            let mut sim = dsplay_fuzz::small_simulation();
            let _ = sim.execute_interactively(&line);
            if case == 2 {
                let _ = sim.execute_interactively("kubectl rollout undo ds/agent");
            }
        }
    }
});
