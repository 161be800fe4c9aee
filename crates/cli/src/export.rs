//! `dsplay export <file> [--out DIR]`: a scenario for a real cluster with kwok fake nodes,
//! written as `<scenario>.yaml` (for `kubectl apply -f`) and `<scenario>.sh` (the timeline).

use std::path::{Path, PathBuf};

use dsplay_engine::export::{export_for_cluster, file_names};
use dsplay_engine::scenario::parse_scenario;

const USAGE: &str = "usage: dsplay export <scenario.yaml> [--out DIR]   (DIR defaults to the current directory)";

fn parse_args(args: &[String]) -> Result<(PathBuf, PathBuf), String> {
    let mut file = None;
    let mut out = PathBuf::from(".");
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--out" | "-o" => out = rest.next().map(PathBuf::from).ok_or_else(|| format!("error: {arg} needs a directory\n{USAGE}"))?,
            flag if flag.starts_with("--out=") => out = PathBuf::from(&flag["--out=".len()..]),
            flag if flag.starts_with('-') => return Err(format!("error: unknown flag {flag}\n{USAGE}")),
            path if file.is_none() => file = Some(PathBuf::from(path)),
            extra => return Err(format!("error: one scenario at a time, not also {extra}\n{USAGE}")),
        }
    }
    file.map(|f| (f, out)).ok_or_else(|| USAGE.to_owned())
}

fn write(path: &Path, text: &str, executable: bool) -> std::io::Result<()> {
    std::fs::write(path, text)?;
    #[cfg(unix)]
    if executable {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))?;
    }
    #[cfg(not(unix))]
    let _ = executable;
    Ok(())
}

pub fn main(args: &[String]) -> i32 {
    let (file, out) = match parse_args(args) {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("{message}");
            return 2;
        }
    };
    let text = match crate::read_input(&file) {
        Ok(text) => text,
        Err(status) => return status,
    };
    let scenario = match parse_scenario(&text) {
        Ok(scenario) => scenario,
        Err(e) => {
            eprintln!("error: {}: {e}", file.display());
            return 1;
        }
    };
    let bundle = export_for_cluster(&scenario);
    let (manifests_name, script_name) = file_names(&scenario);
    if let Err(e) = std::fs::create_dir_all(&out) {
        eprintln!("error: cannot create {}: {e}", out.display());
        return 2;
    }
    for (name, text, executable) in [(&manifests_name, &bundle.manifests, false), (&script_name, &bundle.script, true)] {
        let path = out.join(name);
        if let Err(e) = write(&path, text, executable) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return 2;
        }
        outln!("wrote {}", path.display());
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn arguments() {
        assert_eq!(parse_args(&args(&["a.yaml"])), Ok((PathBuf::from("a.yaml"), PathBuf::from("."))));
        assert_eq!(parse_args(&args(&["a.yaml", "--out", "x"])), Ok((PathBuf::from("a.yaml"), PathBuf::from("x"))));
        assert_eq!(parse_args(&args(&["--out=y", "a.yaml"])), Ok((PathBuf::from("a.yaml"), PathBuf::from("y"))));
        assert!(parse_args(&args(&[])).is_err());
        assert!(parse_args(&args(&["a.yaml", "--out"])).is_err());
        assert!(parse_args(&args(&["a.yaml", "b.yaml"])).is_err());
        assert!(parse_args(&args(&["--force", "a.yaml"])).is_err());
    }

    #[test]
    fn writes_both_files() {
        let dir = std::env::temp_dir().join(format!("dsplay-export-test-{}", std::process::id()));
        let scenario = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../gallery/node-exporter-rollout.yaml");
        let code = main(&args(&[&scenario.to_string_lossy(), "--out", &dir.to_string_lossy()]));
        assert_eq!(code, 0);
        let manifests = std::fs::read_to_string(dir.join("node-exporter-rollout.yaml")).unwrap_or_default();
        let script = std::fs::read_to_string(dir.join("node-exporter-rollout.sh")).unwrap_or_default();
        assert!(manifests.contains("kwok.x-k8s.io/node: fake"));
        assert!(script.contains("kubectl apply -f node-exporter-rollout.yaml"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
