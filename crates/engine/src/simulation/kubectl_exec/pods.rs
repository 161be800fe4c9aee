//! `kubectl delete pod`: names or a selector, `--force`, `--ignore-not-found`.

use super::*;

impl Simulation {
    /// Several pods: by name (each found or NotFound, in order), or all those a selector
    /// keeps in the namespace (none: "No resources found").
    /// Deletes each pod; with `wait`, and when every deletion was accepted, kubectl then
    /// waits for them all to be gone.
    pub(super) fn delete_pods(&mut self, names: &[String], query: Option<&ListQuery>, namespace: Option<&str>, flags: &DeleteFlags) -> Outcome {
        let keys: Vec<Result<String, String>> = match query {
            Some(query) => {
                let namespace = namespace.unwrap_or("default");
                let selected = query.select(&self.api.state, Resource::Pod)?;
                let keys: Vec<Result<String, String>> =
                    selected.pods.keys().filter(|k| split_key(k).0 == namespace).map(|k| Ok(k.to_string())).collect();
                // delete's own words (`DeleteResult`), without get's namespace.
                if keys.is_empty() {
                    return Ok("No resources found".to_string());
                }
                keys
            }
            None => names.iter().map(|name| self.reader().resolve_pod(&PodRef::Name(ObjRef { name: name.clone(), namespace: namespace.map(str::to_owned) }))).collect(),
        };
        let mut lines = Vec::new();
        let mut deleted = Vec::new();
        let mut errors = Vec::new();
        for key in keys {
            let result = key.and_then(|key| self.api.delete_pod(&key, flags.grace_seconds).map(|_| key).map_err(|e| e.to_string()));
            match forgiven(result, flags) {
                Ok(Some(key)) => {
                    lines.push(deleted_message("pod", &key, flags));
                    deleted.push(key);
                }
                Ok(None) => {}
                Err(error) => errors.push(error),
            }
        }
        match errors.is_empty() {
            true => {
                if flags.wait {
                    self.awaiting_deletion.extend(deleted);
                }
                Ok(lines.join("\n"))
            }
            false => Err(lines.into_iter().chain(errors).collect::<Vec<_>>().join("\n")),
        }
    }
}
