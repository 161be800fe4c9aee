//! Probes and lifecycle handlers: `validateProbe`, `validateLivenessProbe`,
//! `validateReadinessProbe`, `validateStartupProbe`, `validateHandler`, `validateLifecycle`.

use k8s_openapi::api::core::v1::{ExecAction, HTTPGetAction, Lifecycle, Probe, SleepAction, TCPSocketAction};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;

use super::bad_value::quote;
use super::{field, names, validate_nonnegative, FieldError};
use crate::field_path::FieldPath;

/// The handler kinds a probe or lifecycle hook may set (upstream's `commonHandler`).
struct Handler<'a> {
    exec: Option<&'a ExecAction>,
    http_get: Option<&'a HTTPGetAction>,
    tcp_socket: Option<&'a TCPSocketAction>,
    grpc_port: Option<i32>,
    sleep: Option<&'a SleepAction>,
}

/// `ValidatePortNumOrName`.
pub fn validate_port_num_or_name(port: &IntOrString, path: &FieldPath) -> Vec<FieldError> {
    match port {
        IntOrString::Int(n) => names::is_valid_port_num(i64::from(*n))
            .into_iter()
            .map(|msg| field::invalid(path, n.to_string(), &msg))
            .collect(),
        IntOrString::String(s) => names::is_valid_port_name(s)
            .into_iter()
            .map(|msg| field::invalid(path, quote(s), &msg))
            .collect(),
    }
}

fn validate_http_get(http: &HTTPGetAction, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if http.path.as_deref().unwrap_or("").is_empty() {
        errs.push(field::required(&path.child("path"), ""));
    }
    errs.extend(validate_port_num_or_name(&http.port, &path.child("port")));
    let scheme = http.scheme.as_deref().unwrap_or("");
    if scheme != "HTTP" && scheme != "HTTPS" {
        errs.push(field::not_supported(&path.child("scheme"), quote(scheme), &["HTTP", "HTTPS"]));
    }
    for header in http.http_headers.iter().flatten() {
        let valid = !header.name.is_empty() && header.name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
        if !valid {
            errs.push(field::invalid(
                &path.child("httpHeaders"),
                quote(&header.name),
                &names::regex_error("a valid HTTP header must consist of alphanumeric characters or '-'", "[-A-Za-z0-9]+", &["X-Header-Name"]),
            ));
        }
    }
    errs
}

/// `validateHandler`: exactly one handler, each validated.
fn validate_handler(handler: &Handler<'_>, grace_period: Option<i64>, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let mut count = 0;
    let mut take = |name: &str, errs: &mut Vec<FieldError>| -> bool {
        if count > 0 {
            errs.push(field::forbidden(&path.child(name), "may not specify more than 1 handler type"));
            false
        } else {
            count += 1;
            true
        }
    };
    if let Some(exec) = handler.exec {
        if take("exec", &mut errs) && exec.command.as_ref().is_none_or(Vec::is_empty) {
            errs.push(field::required(&path.child("exec").child("command"), ""));
        }
    }
    if let Some(http) = handler.http_get {
        if take("httpGet", &mut errs) {
            errs.extend(validate_http_get(http, &path.child("httpGet")));
        }
    }
    if let Some(tcp) = handler.tcp_socket {
        if take("tcpSocket", &mut errs) {
            errs.extend(validate_port_num_or_name(&tcp.port, &path.child("tcpSocket").child("port")));
        }
    }
    if let Some(port) = handler.grpc_port {
        if take("grpc", &mut errs) {
            errs.extend(validate_port_num_or_name(&IntOrString::Int(port), &path.child("grpc").child("port")));
        }
    }
    if let Some(sleep) = handler.sleep {
        if take("sleep", &mut errs) {
            // PodLifecycleSleepActionAllowZero is on: zero is allowed.
            if let Some(grace) = grace_period {
                if sleep.seconds < 0 || sleep.seconds > grace {
                    errs.push(field::invalid(
                        &path.child("sleep"),
                        sleep.seconds.to_string(),
                        &format!("must be non-negative and less than terminationGracePeriodSeconds ({grace})"),
                    ));
                }
            }
        }
    }
    if count == 0 {
        errs.push(field::required(path, "must specify a handler type"));
    }
    errs
}

/// `validateProbe`.
fn validate_probe(probe: &Probe, grace_period: Option<i64>, path: &FieldPath) -> Vec<FieldError> {
    let handler = Handler {
        exec: probe.exec.as_ref(),
        http_get: probe.http_get.as_ref(),
        tcp_socket: probe.tcp_socket.as_ref(),
        grpc_port: probe.grpc.as_ref().map(|g| g.port),
        sleep: None,
    };
    let mut errs = validate_handler(&handler, grace_period, path);
    let fields = [
        (probe.initial_delay_seconds, "initialDelaySeconds"),
        (probe.timeout_seconds, "timeoutSeconds"),
        (probe.period_seconds, "periodSeconds"),
        (probe.success_threshold, "successThreshold"),
        (probe.failure_threshold, "failureThreshold"),
    ];
    for (value, name) in fields {
        errs.extend(validate_nonnegative(i64::from(value.unwrap_or(0)), &path.child(name)));
    }
    if let Some(seconds) = probe.termination_grace_period_seconds.filter(|s| *s <= 0) {
        errs.push(field::invalid(&path.child("terminationGracePeriodSeconds"), seconds.to_string(), "must be greater than 0"));
    }
    errs
}

/// Which probe: liveness and startup need successThreshold 1; readiness has no grace period.
#[derive(Clone, Copy)]
pub enum ProbeKind {
    Liveness,
    Readiness,
    Startup,
}

pub fn validate_probe_of(kind: ProbeKind, probe: Option<&Probe>, grace: Option<i64>, path: &FieldPath) -> Vec<FieldError> {
    let Some(probe) = probe else { return Vec::new() };
    let mut errs = validate_probe(probe, grace, path);
    match kind {
        ProbeKind::Liveness | ProbeKind::Startup => {
            let threshold = probe.success_threshold.unwrap_or(0);
            if threshold != 1 {
                errs.push(field::invalid(&path.child("successThreshold"), threshold.to_string(), "must be 1"));
            }
        }
        ProbeKind::Readiness => {
            if let Some(seconds) = probe.termination_grace_period_seconds {
                errs.push(field::invalid(
                    &path.child("terminationGracePeriodSeconds"),
                    seconds.to_string(),
                    "must not be set for readinessProbes",
                ));
            }
        }
    }
    errs
}

/// `validateLifecycle`.
pub fn validate_lifecycle(lifecycle: &Lifecycle, grace: Option<i64>, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    for (hook, name) in [(&lifecycle.post_start, "postStart"), (&lifecycle.pre_stop, "preStop")] {
        if let Some(h) = hook {
            let handler = Handler {
                exec: h.exec.as_ref(),
                http_get: h.http_get.as_ref(),
                tcp_socket: h.tcp_socket.as_ref(),
                grpc_port: None,
                sleep: h.sleep.as_ref(),
            };
            errs.extend(validate_handler(&handler, grace, &path.child(name)));
        }
    }
    errs
}
