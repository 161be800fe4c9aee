//! Writes: `apply`, `set image`, `patch` and `rollout undo` / `restart`.

use super::*;

impl Simulation {
    /// `kubectl apply -f <name>`: the document the scenario's steps would apply by that name.
    /// `--dry-run` goes through the same answer and then leaves the cluster as it was
    /// (the API server's own copy put back), naming it after what kubectl prints.
    pub(super) fn apply(&mut self, name: &str, dry_run: Option<&str>) -> Outcome {
        let manifest = self
            .scenario
            .manifest_to_apply(name)
            .cloned()
            .ok_or_else(|| format!("error: the path \"{name}\" does not exist"))?;
        let Some(mode) = dry_run else {
            return self.apply_object(manifest.object).map_err(|e| e.to_string());
        };
        let before = self.api.clone();
        let outcome = self.apply_object(manifest.object).map_err(|e| e.to_string());
        self.api.restore(before);
        let suffix = if mode == "server" { "(server dry run)" } else { "(dry run)" };
        outcome.map(|line| format!("{line} {suffix}"))
    }

    /// What `kubectl apply` does with one object: create it, or replace the spec, labels
    /// and annotations of the live one (keeping the server's own annotations).
    pub(in crate::simulation) fn apply_object(&mut self, object: ManifestObject) -> Result<String, ApiError> {
        match object {
            ManifestObject::DaemonSet(ds) => {
                let ds = apply::annotated(ds, true);
                let ds_key = key(ds.metadata.namespace.as_deref(), ds.metadata.name.as_deref().unwrap_or(""));
                let display = format!("daemonset.apps/{}", name_of(&ds_key));
                match self.api.state.daemonsets.get(&ds_key).map(|o| DaemonSet::clone(o)) {
                    None => {
                        self.api.create_daemonset(ds)?;
                        Ok(format!("{display} created"))
                    }
                    Some(existing) => {
                        let Some(updated) = apply::merged(&existing, &ds).map_err(ApiError::BadRequest)? else {
                            return Ok(format!("{display} unchanged"));
                        };
                        let before = existing.metadata.resource_version.clone();
                        self.api.update_daemonset(updated)?;
                        let after = self.api.state.daemonsets.get(&ds_key).and_then(|d| d.metadata.resource_version.clone());
                        Ok(format!("{display} {}", if before == after { "unchanged" } else { "configured" }))
                    }
                }
            }
            ManifestObject::Node(node) => {
                let node = apply::annotated(node, false);
                let node_name = node.metadata.name.clone().unwrap_or_default();
                match self.api.state.nodes.get(&node_name).map(|o| Node::clone(o)) {
                    None => {
                        self.join_node(node)?;
                        Ok(format!("node/{node_name} created"))
                    }
                    Some(existing) => match apply::merged(&existing, &node).map_err(ApiError::BadRequest)? {
                        None => Ok(format!("node/{node_name} unchanged")),
                        Some(updated) => {
                            self.api.update_node(updated)?;
                            Ok(format!("node/{node_name} configured"))
                        }
                    },
                }
            }
            ManifestObject::Pod(pod) => {
                let pod = apply::annotated(pod, true);
                let pod_key = key(pod.metadata.namespace.as_deref(), pod.metadata.name.as_deref().unwrap_or(""));
                match self.api.state.pods.get(pod_key.as_str()).map(|o| Pod::clone(o)) {
                    None => {
                        let pod_key = self.api.create_pod(pod)?;
                        Ok(format!("pod/{} created", name_of(&pod_key)))
                    }
                    // A pod's spec is all but immutable: the playground applies one only as it is.
                    Some(existing) if apply::merged(&existing, &pod).is_ok_and(|merged| merged.is_none()) => {
                        Ok(format!("pod/{} unchanged", name_of(&pod_key)))
                    }
                    Some(_) => Err(ApiError::BadRequest(format!(
                        "the playground does not change a running pod by kubectl apply: delete pod {} and apply it again",
                        name_of(&pod_key)
                    ))),
                }
            }
            ManifestObject::Undecodable { message, .. } => Err(ApiError::BadRequest(message)),
        }
    }

    pub(super) fn daemonset(&self, reference: &ObjRef) -> Result<(String, DaemonSet), String> {
        let ds_key = self.reader().resolve_daemonset(reference)?;
        let ds = self.api.state.daemonsets.get(&ds_key).map(|o| DaemonSet::clone(o)).ok_or_else(|| not_found_ds(&ds_key))?;
        Ok((ds_key, ds))
    }

    pub(super) fn write_daemonset(&mut self, ds_key: &str, updated: DaemonSet, verb: &str) -> Outcome {
        let before = self.api.state.daemonsets.get(ds_key).and_then(|d| d.metadata.resource_version.clone());
        self.api.update_daemonset(updated).map_err(|e| e.to_string())?;
        let after = self.api.state.daemonsets.get(ds_key).and_then(|d| d.metadata.resource_version.clone());
        let suffix = if before == after && verb == "patched" { " (no change)" } else { "" };
        Ok(format!("daemonset.apps/{} {verb}{suffix}", name_of(ds_key)))
    }

    pub(super) fn set_image(&mut self, reference: &ObjRef, container: &str, image: &str) -> Outcome {
        let (ds_key, mut ds) = self.daemonset(reference)?;
        let spec = ds.spec.as_mut().and_then(|s| s.template.spec.as_mut()).ok_or("error: the DaemonSet has no pod template")?;
        let (mut found, mut changed) = (false, false);
        for c in spec.containers.iter_mut().chain(spec.init_containers.iter_mut().flatten()) {
            if container == "*" || c.name == container {
                changed |= c.image.as_deref() != Some(image);
                c.image = Some(image.to_string());
                found = true;
            }
        }
        if !found {
            return Err(format!("error: unable to find container named \"{container}\""));
        }
        // The image it already has makes an empty patch, which kubectl skips in silence.
        if !changed {
            return Ok(String::new());
        }
        self.write_daemonset(&ds_key, ds, "image updated")
    }

    pub(super) fn patch(&mut self, reference: &ObjRef, patch_value: &Value, patch_type: PatchType) -> Outcome {
        let (ds_key, ds) = self.daemonset(reference)?;
        let original = serde_json::to_value(&ds).map_err(|e| e.to_string())?;
        let patched = apply_patch(&original, patch_value, patch_type)?;
        // A patched object that will not decode is a 422 about the patch, with neither kind
        // nor name, which kubectl words as "the request": it quotes the patch as a Go map
        // (strategic, `applyPatchToObject`) or the patched object's JSON (merge and json
        // patches, `jsonPatcher`).
        let updated: DaemonSet = from_json_value(&patched).map_err(|e| {
            let quoted = match patch_type {
                PatchType::Strategic => patch::go_map_text(patch_value),
                PatchType::Merge | PatchType::Json => patched.to_string(),
            };
            format!("The request is invalid: patch: Invalid value: {}: {e}", go_quote(&quoted))
        })?;
        self.write_daemonset(&ds_key, updated, "patched")
    }

    /// `kubectl patch pod --subresource=status`: what a controller does to satisfy a
    /// readiness gate. Only `.status` changes, as the status subresource allows.
    pub(super) fn patch_pod_status(&mut self, reference: &PodRef, patch_value: &Value, patch_type: PatchType) -> Outcome {
        let pod_key = self.reader().resolve_pod(reference)?;
        let pod = self.api.state.pods.get(pod_key.as_str()).map(|p| Pod::clone(p)).ok_or_else(|| not_found_pod(&pod_key))?;
        let original = serde_json::to_value(&pod).map_err(|e| e.to_string())?;
        let patched = apply_patch(&original, patch_value, patch_type)?;
        let patched: Pod = from_json_value(&patched)
            .map_err(|e| format!("Error from server (BadRequest): the patch does not give a valid Pod: {e}"))?;
        let before = pod.metadata.resource_version.clone();
        self.api.update_pod(Pod { status: patched.status, ..pod });
        let after = self.api.state.pods.get(pod_key.as_str()).and_then(|p| p.metadata.resource_version.clone());
        let suffix = if before == after { " (no change)" } else { "" };
        Ok(format!("pod/{} patched{suffix}", name_of(&pod_key)))
    }

    /// `DaemonSetRollbacker`: patch the DaemonSet with an older revision's template.
    pub(super) fn rollout_undo(&mut self, reference: &ObjRef, to_revision: i64) -> Outcome {
        let (ds_key, ds) = self.daemonset(reference)?;
        let uid = ds.metadata.uid.clone().unwrap_or_default();
        let mut history: Vec<_> = self
            .api
            .state
            .revisions
            .values()
            .filter(|r| controller_of(&r.metadata).is_some_and(|o| o.uid == uid))
            .cloned()
            .collect();
        dsplay_model::sorting::sort_by_key(&mut history, |r| r.revision);
        let target = if to_revision == 0 {
            if history.len() < 2 {
                // DaemonSetRollbacker.Rollback, before it looks for a revision.
                return Err("error: no last revision to roll back to".to_string());
            }
            history.get(history.len() - 2).cloned()
        } else {
            history.iter().find(|r| r.revision == to_revision).cloned()
        };
        let target = target.ok_or_else(|| format!("error: unable to find specified revision {to_revision} in history"))?;
        let data = target.data.as_ref().map(|d| d.0.clone()).unwrap_or(Value::Null);
        if data == revision_data(&ds) {
            return Ok(format!(
                "daemonset.apps/{} skipped rollback (current template already matches revision {})",
                name_of(&ds_key),
                // DaemonSetRollbacker prints the revision it was asked for: 0 for "the previous".
                to_revision
            ));
        }
        let original = serde_json::to_value(&ds).map_err(|e| e.to_string())?;
        let patched = patch::strategic_merge(&original, &data);
        let updated: DaemonSet = from_json_value(&patched).map_err(|e| format!("error: {e}"))?;
        self.write_daemonset(&ds_key, updated, "rolled back")
    }

    /// `defaultObjectRestarter`: the template gets `kubectl.kubernetes.io/restartedAt`
    /// (the time to the second), which the controller rolls out like any template change.
    pub(super) fn rollout_restart(&mut self, reference: &ObjRef) -> Outcome {
        let (ds_key, mut ds) = self.daemonset(reference)?;
        let now = clock::timestamp(self.api.now()).0.strftime("%Y-%m-%dT%H:%M:%SZ").to_string();
        let template = &mut ds.spec.get_or_insert_with(Default::default).template;
        let annotations = template.metadata.get_or_insert_with(Default::default).annotations.get_or_insert_with(Default::default);
        if annotations.get(RESTARTED_AT).is_some_and(|at| *at == now) {
            return Err(format!(
                "error: failed to create patch for {}: if restart has already been triggered within the past second, please wait before attempting to trigger another",
                name_of(&ds_key)
            ));
        }
        annotations.insert(RESTARTED_AT.to_string(), now);
        self.write_daemonset(&ds_key, ds, "restarted")
    }

    /// Each DaemonSet named, or each one of the namespace the selector keeps (all for a
    /// bare type), restarted in turn; those that fail are listed after the rest.
    pub(super) fn rollout_restart_many(&mut self, names: &[String], query: &ListQuery, namespace: Option<&str>) -> Outcome {
        let references: Vec<ObjRef> = if names.is_empty() {
            let in_namespace = namespace.unwrap_or("default");
            let selected = query.select(&self.api.state, Resource::DaemonSet)?;
            let keys = selected.daemonsets.keys().filter(|k| split_key(k).0 == in_namespace);
            let references: Vec<ObjRef> =
                keys.map(|k| ObjRef { name: name_of(k).to_owned(), namespace: Some(in_namespace.to_owned()) }).collect();
            if references.is_empty() {
                return Ok(format!("No resources found in {in_namespace} namespace."));
            }
            references
        } else {
            names.iter().map(|name| ObjRef { name: name.clone(), namespace: namespace.map(str::to_owned) }).collect()
        };
        let (mut lines, mut errors) = (Vec::new(), Vec::new());
        for reference in &references {
            match self.rollout_restart(reference) {
                Ok(line) => lines.push(line),
                Err(error) => errors.push(error),
            }
        }
        if errors.is_empty() { Ok(lines.join("\n")) } else { Err(lines.into_iter().chain(errors).collect::<Vec<_>>().join("\n")) }
    }

    // ----- reads -----
}

pub(super) fn apply_patch(original: &Value, patch_value: &Value, patch_type: PatchType) -> Result<Value, String> {
    Ok(match patch_type {
        PatchType::Strategic => patch::strategic_merge(original, patch_value),
        PatchType::Merge => patch::json_merge(original, patch_value),
        PatchType::Json => patch::json_patch(original, patch_value).map_err(|e| format!("error: {e}"))?,
    })
}
