//! The containers of a pod or pod template (`describeContainers` and the helpers after
//! it in kubectl `pkg/describe/describe.go`).

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{Container, ContainerState, ContainerStatus, EnvVar, Pod, Probe, ResourceFieldSelector};
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;

use super::age::rfc1123z_or_zero;
use super::describe_text::seccomp_profile;
use super::quantity_text::{canonical, Amount};
use super::table::DescribeWriter;

const L2: &str = "    ";
const L3: &str = "      ";

/// `describeContainers`. `statuses` is `None` for a template; `pod` resolves
/// `fieldRef` environment values, as `EnvValueRetriever` does for a live pod.
pub fn describe_containers(
    w: &mut dyn DescribeWriter,
    label: &str,
    containers: &[Container],
    statuses: Option<&[ContainerStatus]>,
    pod: Option<&Pod>,
    space: &str,
) {
    let none = if containers.is_empty() { " <none>" } else { "" };
    w.write(&format!("{space}{label}:{none}\n"));
    let name_indent = if space.is_empty() { "" } else { " " };
    for container in containers {
        let status = statuses.and_then(|s| s.iter().find(|st| st.name == container.name));
        w.write(&format!("  {name_indent}{}:\n", container.name));
        if let Some(status) = status {
            w.write(&format!("{L2}Container ID:\t{}\n", status.container_id.as_deref().unwrap_or("")));
        }
        w.write(&format!("{L2}Image:\t{}\n", container.image.as_deref().unwrap_or("")));
        if let Some(status) = status {
            w.write(&format!("{L2}Image ID:\t{}\n", status.image_id));
        }
        describe_ports(w, container);
        let profile = container.security_context.as_ref().and_then(|s| s.seccomp_profile.as_ref());
        seccomp_profile(w, profile, L2, L3);
        describe_command(w, container);
        if let Some(status) = status {
            describe_state(w, "State", Some(&status.state.clone().unwrap_or_default()));
            if status.last_state.as_ref().is_some_and(|s| s.terminated.is_some()) {
                describe_state(w, "Last State", status.last_state.as_ref());
            }
            let ready = if status.ready { "True" } else { "False" };
            w.write(&format!("{L2}Ready:\t{ready}\n"));
            w.write(&format!("{L2}Restart Count:\t{}\n", status.restart_count));
        }
        if let Some(resources) = container.resources.as_ref() {
            describe_resource_list(w, "Limits", resources.limits.as_ref());
            describe_resource_list(w, "Requests", resources.requests.as_ref());
        }
        for (title, probe) in [
            ("Liveness", &container.liveness_probe),
            ("Readiness", &container.readiness_probe),
            ("Startup", &container.startup_probe),
        ] {
            if let Some(probe) = probe {
                w.write(&format!("{L2}{title}:\t{}\n", describe_probe(probe)));
            }
        }
        describe_env_from(w, container);
        describe_env(w, container, pod);
        describe_mounts(w, container);
    }
}

fn describe_ports(w: &mut dyn DescribeWriter, container: &Container) {
    let ports = container.ports.as_deref().unwrap_or_default();
    // `80/TCP`, and since v1.34 a named port's name after it: `9100/TCP (metrics)`.
    let port_text = |number: i32, p: &k8s_openapi::api::core::v1::ContainerPort| {
        let protocol = p.protocol.as_deref().unwrap_or("TCP");
        match p.name.as_deref().filter(|name| !name.is_empty()) {
            Some(name) => format!("{number}/{protocol} ({name})"),
            None => format!("{number}/{protocol}"),
        }
    };
    let container_ports: Vec<String> = ports.iter().map(|p| port_text(p.container_port, p)).collect();
    let host_ports: Vec<String> = ports.iter().map(|p| port_text(p.host_port.unwrap_or(0), p)).collect();
    for (singular, plural, list) in [("Port", "Ports", container_ports), ("Host Port", "Host Ports", host_ports)] {
        let joined = list.join(", ");
        if joined.contains(',') {
            w.write(&format!("{L2}{plural}:\t{joined}\n"));
        } else if joined.is_empty() {
            w.write(&format!("{L2}{singular}:\t<none>\n"));
        } else {
            w.write(&format!("{L2}{singular}:\t{joined}\n"));
        }
    }
}

fn describe_command(w: &mut dyn DescribeWriter, container: &Container) {
    for (title, list) in [("Command", &container.command), ("Args", &container.args)] {
        let Some(list) = list.as_ref().filter(|l| !l.is_empty()) else { continue };
        w.write(&format!("{L2}{title}:\n"));
        for item in list {
            for line in item.split('\n') {
                w.write(&format!("{L3}{line}\n"));
            }
        }
    }
}

/// `describeStatus`.
fn describe_state(w: &mut dyn DescribeWriter, title: &str, state: Option<&ContainerState>) {
    let state = state.cloned().unwrap_or_default();
    if let Some(running) = &state.running {
        w.write(&format!("{L2}{title}:\tRunning\n"));
        w.write(&format!("{L3}Started:\t{}\n", rfc1123z_or_zero(running.started_at.as_ref())));
    } else if let Some(waiting) = &state.waiting {
        w.write(&format!("{L2}{title}:\tWaiting\n"));
        if let Some(reason) = waiting.reason.as_deref().filter(|r| !r.is_empty()) {
            w.write(&format!("{L3}Reason:\t{reason}\n"));
        }
    } else if let Some(t) = &state.terminated {
        w.write(&format!("{L2}{title}:\tTerminated\n"));
        if let Some(reason) = t.reason.as_deref().filter(|r| !r.is_empty()) {
            w.write(&format!("{L3}Reason:\t{reason}\n"));
        }
        if let Some(message) = t.message.as_deref().filter(|m| !m.is_empty()) {
            w.write(&format!("{L3}Message:\t{message}\n"));
        }
        w.write(&format!("{L3}Exit Code:\t{}\n", t.exit_code));
        if let Some(signal) = t.signal.filter(|s| *s > 0) {
            w.write(&format!("{L3}Signal:\t{signal}\n"));
        }
        w.write(&format!("{L3}Started:\t{}\n", rfc1123z_or_zero(t.started_at.as_ref())));
        w.write(&format!("{L3}Finished:\t{}\n", rfc1123z_or_zero(t.finished_at.as_ref())));
    } else {
        w.write(&format!("{L2}{title}:\tWaiting\n"));
    }
}

fn describe_resource_list(w: &mut dyn DescribeWriter, title: &str, list: Option<&BTreeMap<String, Quantity>>) {
    let Some(list) = list.filter(|l| !l.is_empty()) else { return };
    w.write(&format!("{L2}{title}:\n"));
    for (name, quantity) in list {
        w.write(&format!("{L3}{name}:\t{}\n", canonical(&quantity.0)));
    }
}

fn int_or_string(value: &IntOrString) -> String {
    match value {
        IntOrString::Int(i) => i.to_string(),
        IntOrString::String(s) => s.clone(),
    }
}

/// `DescribeProbe`.
pub fn describe_probe(probe: &Probe) -> String {
    let attrs = format!(
        "delay={}s timeout={}s period={}s #success={} #failure={}",
        probe.initial_delay_seconds.unwrap_or(0),
        probe.timeout_seconds.unwrap_or(0),
        probe.period_seconds.unwrap_or(0),
        probe.success_threshold.unwrap_or(0),
        probe.failure_threshold.unwrap_or(0)
    );
    if let Some(exec) = &probe.exec {
        return format!("exec [{}] {attrs}", exec.command.as_deref().unwrap_or_default().join(" "));
    }
    if let Some(http) = &probe.http_get {
        let scheme = http.scheme.as_deref().unwrap_or("").to_lowercase();
        let host = http.host.as_deref().unwrap_or("");
        let port = int_or_string(&http.port);
        let host_port = if host.contains(':') { format!("[{host}]:{port}") } else { format!("{host}:{port}") };
        let path = http.path.as_deref().unwrap_or("");
        // url.URL.String puts a slash between host and a relative path.
        let slash = if !path.is_empty() && !path.starts_with('/') { "/" } else { "" };
        let prefix = if scheme.is_empty() { String::new() } else { format!("{scheme}:") };
        return format!("http-get {prefix}//{host_port}{slash}{path} {attrs}");
    }
    if let Some(tcp) = &probe.tcp_socket {
        return format!("tcp-socket {}:{} {attrs}", tcp.host.as_deref().unwrap_or(""), int_or_string(&tcp.port));
    }
    if let Some(grpc) = &probe.grpc {
        return format!("grpc <pod>:{} {} {attrs}", grpc.port, grpc.service.as_deref().unwrap_or(""));
    }
    format!("unknown {attrs}")
}

fn describe_env_from(w: &mut dyn DescribeWriter, container: &Container) {
    let Some(sources) = container.env_from.as_ref().filter(|e| !e.is_empty()) else { return };
    w.write(&format!("{L2}Environment Variables from:\n"));
    for source in sources {
        let (from, name, optional) = if let Some(cm) = &source.config_map_ref {
            ("ConfigMap", cm.name.as_str(), cm.optional.unwrap_or(false))
        } else if let Some(secret) = &source.secret_ref {
            ("Secret", secret.name.as_str(), secret.optional.unwrap_or(false))
        } else {
            ("", "", false)
        };
        match source.prefix.as_deref().filter(|p| !p.is_empty()) {
            None => w.write(&format!("{L3}{name}\t{from}\tOptional: {optional}\n")),
            Some(prefix) => w.write(&format!("{L3}{name}\t{from} with prefix '{prefix}'\tOptional: {optional}\n")),
        }
    }
}

/// The value of a `fieldRef` on a live pod, for the fields the kubelet resolves.
fn field_value(pod: Option<&Pod>, path: &str) -> String {
    let Some(pod) = pod else { return String::new() };
    let meta = &pod.metadata;
    let status = pod.status.as_ref();
    let spec = pod.spec.as_ref();
    let value = match path {
        "metadata.name" => meta.name.clone(),
        "metadata.namespace" => meta.namespace.clone(),
        "metadata.uid" => meta.uid.clone(),
        "spec.nodeName" => spec.and_then(|s| s.node_name.clone()),
        "spec.serviceAccountName" => spec.and_then(|s| s.service_account_name.clone()),
        "status.hostIP" => status.and_then(|s| s.host_ip.clone()),
        "status.podIP" => status.and_then(|s| s.pod_ip.clone()),
        _ => None,
    };
    value.unwrap_or_default()
}

/// `fieldpath.ExtractContainerResourceValue` as describe prints it: the container's
/// request or limit in units of the divisor (1 when unset), rounded up; an unset cpu or
/// memory limit, which the kubelet replaces by the node's allocatable, says so.
fn resource_field_value(field: &ResourceFieldSelector, container: &Container) -> String {
    let divisor = field.divisor.as_ref().map(|d| Amount::parse(&d.0)).filter(|d| d.milli_value() != 0);
    let Some((kind, resource)) = field.resource.split_once('.') else { return String::new() };
    let list = match kind {
        "requests" => container.resources.as_ref().and_then(|r| r.requests.as_ref()),
        "limits" => container.resources.as_ref().and_then(|r| r.limits.as_ref()),
        _ => return String::new(),
    };
    let amount = list.and_then(|list| list.get(resource)).map(|q| Amount::parse(&q.0));
    let per_unit = |amount: Option<Amount>, in_milli: bool| {
        let value = |a: &Amount| if in_milli { a.milli_value() } else { a.value() };
        let divisor = divisor.as_ref().map_or(if in_milli { 1_000 } else { 1 }, value).max(1);
        let numerator = amount.as_ref().map_or(0, value);
        // Go's math.Ceil of the quotient; requests and limits are never negative.
        (numerator + divisor - 1).div_euclid(divisor)
    };
    let value = match resource {
        "cpu" => per_unit(amount, true),
        "memory" | "ephemeral-storage" => per_unit(amount, false),
        r if r.starts_with("hugepages-") => per_unit(amount, false),
        _ => return String::new(),
    };
    if value == 0 && kind == "limits" && (resource == "cpu" || resource == "memory") {
        "node allocatable".to_owned()
    } else {
        value.to_string()
    }
}

fn describe_env(w: &mut dyn DescribeWriter, container: &Container, pod: Option<&Pod>) {
    let env: &[EnvVar] = container.env.as_deref().unwrap_or_default();
    if env.is_empty() {
        w.write(&format!("{L2}Environment:\t<none>\n"));
        return;
    }
    w.write(&format!("{L2}Environment:\n"));
    for e in env {
        let Some(from) = &e.value_from else {
            for (i, line) in e.value.as_deref().unwrap_or("").split('\n').enumerate() {
                if i == 0 {
                    w.write(&format!("{L3}{}:\t{line}\n", e.name));
                } else {
                    w.write(&format!("{L3}\t{line}\n"));
                }
            }
            continue;
        };
        if let Some(field) = &from.field_ref {
            let api_version = field.api_version.as_deref().unwrap_or("v1");
            let value = field_value(pod, &field.field_path);
            w.write(&format!("{L3}{}:\t{value} ({api_version}:{})\n", e.name, field.field_path));
        } else if let Some(field) = &from.resource_field_ref {
            w.write(&format!("{L3}{}:\t{} ({})\n", e.name, resource_field_value(field, container), field.resource));
        } else if let Some(secret) = &from.secret_key_ref {
            let optional = secret.optional.unwrap_or(false);
            w.write(&format!(
                "{L3}{}:\t<set to the key '{}' in secret '{}'>\tOptional: {optional}\n",
                e.name, secret.key, secret.name
            ));
        } else if let Some(cm) = &from.config_map_key_ref {
            let optional = cm.optional.unwrap_or(false);
            w.write(&format!(
                "{L3}{}:\t<set to the key '{}' of config map '{}'>\tOptional: {optional}\n",
                e.name, cm.key, cm.name
            ));
        }
    }
}

fn describe_mounts(w: &mut dyn DescribeWriter, container: &Container) {
    let mut mounts: Vec<_> = container.volume_mounts.iter().flatten().collect();
    if mounts.is_empty() {
        w.write(&format!("{L2}Mounts:\t<none>\n"));
        return;
    }
    w.write(&format!("{L2}Mounts:\n"));
    dsplay_model::sorting::sort_by(&mut mounts, |a, b| a.mount_path.cmp(&b.mount_path));
    for mount in mounts {
        let mut flags = vec![if mount.read_only.unwrap_or(false) { "ro".to_string() } else { "rw".to_string() }];
        if let Some(sub) = mount.sub_path.as_deref().filter(|s| !s.is_empty()) {
            flags.push(format!("path={sub:?}"));
        }
        w.write(&format!("{L3}{} from {} ({})\n", mount.mount_path, mount.name, flags.join(",")));
    }
}
