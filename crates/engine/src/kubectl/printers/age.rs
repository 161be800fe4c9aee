//! How kubectl prints elapsed time: `duration.HumanDuration` (apimachinery
//! `pkg/util/duration`) behind `translateTimestampSince`, and the RFC 1123 timestamps
//! of describe output.
//!
//! `clock::human_duration` prints `2.5s` and `1m30s` where kubectl prints `2s` and
//! `90s`, so the printers keep kubectl's own rule here.

use k8s_openapi::apimachinery::pkg::apis::meta::v1::Time;

use crate::clock;

/// `duration.HumanDuration` of `elapsed_ms` (negative when the timestamp is in the future).
pub fn human_duration(elapsed_ms: i64) -> String {
    let seconds = elapsed_ms / 1_000;
    if seconds < -1 {
        return "<invalid>".to_string();
    }
    if seconds < 0 {
        return "0s".to_string();
    }
    if seconds < 60 * 2 {
        return format!("{seconds}s");
    }
    let minutes = seconds / 60;
    if minutes < 10 {
        let s = seconds % 60;
        return if s == 0 { format!("{minutes}m") } else { format!("{minutes}m{s}s") };
    }
    if minutes < 60 * 3 {
        return format!("{minutes}m");
    }
    let hours = minutes / 60;
    if hours < 8 {
        let m = minutes % 60;
        return if m == 0 { format!("{hours}h") } else { format!("{hours}h{m}m") };
    }
    if hours < 48 {
        return format!("{hours}h");
    }
    if hours < 24 * 8 {
        let h = hours % 24;
        return if h == 0 { format!("{}d", hours / 24) } else { format!("{}d{h}h", hours / 24) };
    }
    if hours < 24 * 365 * 2 {
        return format!("{}d", hours / 24);
    }
    if hours < 24 * 365 * 8 {
        let days = (hours / 24) % 365;
        return if days == 0 {
            format!("{}y", hours / 24 / 365)
        } else {
            format!("{}y{days}d", hours / 24 / 365)
        };
    }
    format!("{}y", hours / 24 / 365)
}

/// Elapsed time from simulated `since_ms` to `now_ms`.
pub fn since(since_ms: u64, now_ms: u64) -> String {
    human_duration(now_ms as i64 - since_ms as i64)
}

/// `translateTimestampSince`: `<unknown>` for an unset timestamp.
pub fn translate_timestamp_since(time: Option<&Time>, now_ms: u64) -> String {
    match time {
        Some(t) => since(whole_seconds(clock::millis(t)), now_ms),
        None => "<unknown>".to_string(),
    }
}

/// A `metav1.Time` as kubectl receives it: the API server keeps whole seconds (both
/// its JSON and its protobuf form drop the fraction), while kubectl's clock does not,
/// so an object made at 2.7 s is 10 s old at 12.0 s, not 9 s. `MicroTime` stamps
/// (an events.k8s.io event's `eventTime`) keep their fraction.
pub fn whole_seconds(stamp_ms: u64) -> u64 {
    stamp_ms / 1_000 * 1_000
}

/// `time.RFC1123Z`: `Thu, 01 Jan 2026 00:00:00 +0000`.
pub fn rfc1123z(time: &Time) -> String {
    time.0.strftime("%a, %d %b %Y %H:%M:%S +0000").to_string()
}

/// Go's zero `metav1.Time` formatted as RFC 1123Z, printed for unset timestamps.
pub fn rfc1123z_or_zero(time: Option<&Time>) -> String {
    match time {
        Some(t) => rfc1123z(t),
        None => "Mon, 01 Jan 0001 00:00:00 +0000".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ages_follow_human_duration() {
        assert_eq!(human_duration(2_500), "2s");
        assert_eq!(human_duration(90_000), "90s");
        assert_eq!(human_duration(150_000), "2m30s");
        assert_eq!(human_duration(600_000), "10m");
        assert_eq!(human_duration(75 * 60_000), "75m");
        assert_eq!(human_duration(3 * 3_600_000 + 5 * 60_000), "3h5m");
        assert_eq!(human_duration(10 * 3_600_000), "10h");
        assert_eq!(human_duration(50 * 3_600_000), "2d2h");
        assert_eq!(human_duration(-1_500), "0s");
        assert_eq!(human_duration(-5_000), "<invalid>");
    }

    #[test]
    fn timestamps_print_as_rfc1123z() {
        assert_eq!(rfc1123z(&clock::timestamp(61_000)), "Thu, 01 Jan 2026 00:01:01 +0000");
    }
}
