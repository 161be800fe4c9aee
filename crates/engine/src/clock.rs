//! Simulated time. The engine counts milliseconds from the scenario's start; API
//! timestamps place that start at a fixed instant so every run prints the same times.

use k8s_openapi::apimachinery::pkg::apis::meta::v1::Time;
use k8s_openapi::jiff::Timestamp;

/// 2026-01-01T00:00:00Z: the wall-clock instant of simulated time zero.
const EPOCH_SECONDS: i64 = 1_767_225_600;

pub const SECOND: u64 = 1_000;
pub const MINUTE: u64 = 60 * SECOND;

/// The API timestamp of simulated time `ms`. A time past what a timestamp can hold
/// (a grace period of centuries) is written as the latest one that it can.
pub fn timestamp(ms: u64) -> Time {
    let millis = i64::try_from(ms).unwrap_or(i64::MAX).saturating_add(EPOCH_SECONDS * 1_000);
    Time(Timestamp::from_millisecond(millis).unwrap_or(Timestamp::MAX))
}

/// Nanoseconds since the Unix epoch of simulated time `ms` (Go's `UnixNano`).
pub fn unix_nanos(ms: u64) -> u64 {
    ms.saturating_add(EPOCH_SECONDS as u64 * 1_000).saturating_mul(1_000_000)
}

/// Simulated milliseconds of a count of seconds from an API field (a grace period, a
/// delay): a negative count is none, and one too large for the clock saturates, so
/// its moment lies beyond any simulated time.
pub fn seconds(count: i64) -> u64 {
    u64::try_from(count).unwrap_or(0).saturating_mul(SECOND)
}

/// Go's `time.Duration(count) * time.Second`, in nanoseconds: int64 arithmetic that
/// wraps on overflow, as the upstream components that compute it do.
pub fn go_seconds_nanos(count: i64) -> i64 {
    count.wrapping_mul(1_000_000_000)
}

/// Simulated milliseconds of an API timestamp (0 for anything before the epoch).
pub fn millis(time: &Time) -> u64 {
    let millis = time.0.as_millisecond() - EPOCH_SECONDS * 1_000;
    millis.max(0) as u64
}

/// The simulated clock as the playground shows it, exactly (it answers `advance` and
/// `settle`): `2.5s`, `1m30s`, `15m40s`, `1h5m`, `1h5m0.3s` (zero parts left out).
pub fn clock_reading(ms: u64) -> String {
    let seconds = ms / SECOND;
    let tenths = (ms % SECOND) / 100;
    let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    let mut reading = String::new();
    if hours > 0 {
        reading.push_str(&format!("{hours}h"));
    }
    if minutes > 0 {
        reading.push_str(&format!("{minutes}m"));
    }
    match (rest, tenths) {
        (0, 0) if !reading.is_empty() => {}
        (rest, 0) => reading.push_str(&format!("{rest}s")),
        (rest, tenths) => reading.push_str(&format!("{rest}.{tenths}s")),
    }
    reading
}

/// A duration as Go's `time.Duration` prints it (`%v`), which the kubelet's messages
/// use: `313ms`, `1.661s`, `2s`, `1m30s`, `1h0m5s`.
pub fn go_duration(ms: u64) -> String {
    if ms == 0 {
        return "0s".into();
    }
    if ms < SECOND {
        return format!("{ms}ms");
    }
    let fraction = ms % SECOND;
    let seconds = match fraction {
        0 => format!("{}s", ms / SECOND % 60),
        _ => format!("{}.{}s", ms / SECOND % 60, format!("{fraction:03}").trim_end_matches('0')),
    };
    let (hours, minutes) = (ms / (60 * MINUTE), ms / MINUTE % 60);
    match (hours, ms / MINUTE) {
        (0, 0) => seconds,
        (0, _) => format!("{minutes}m{seconds}"),
        _ => format!("{hours}h{minutes}m{seconds}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_round_trip() {
        for ms in [0, 1, 999, 60_000, 3_600_000] {
            assert_eq!(millis(&timestamp(ms)), ms);
        }
        assert_eq!(timestamp(0).0.to_string(), "2026-01-01T00:00:00Z");
    }

    #[test]
    fn times_beyond_the_calendar_saturate() {
        assert_eq!(timestamp(u64::MAX).0, Timestamp::MAX);
        assert_eq!(timestamp(seconds(i64::MAX)).0, Timestamp::MAX);
        assert_eq!(unix_nanos(u64::MAX), u64::MAX);
        assert_eq!(seconds(-5), 0);
        assert_eq!(seconds(30), 30 * SECOND);
        assert_eq!(seconds(i64::MAX), u64::MAX);
        // Go: time.Duration(math.MaxInt64) * time.Second wraps to -1e9.
        assert_eq!(go_seconds_nanos(i64::MAX), -1_000_000_000);
        assert_eq!(go_seconds_nanos(300), 300_000_000_000);
    }

    #[test]
    fn clock_readings_are_short() {
        assert_eq!(clock_reading(5_000), "5s");
        assert_eq!(clock_reading(2_500), "2.5s");
        assert_eq!(clock_reading(90_000), "1m30s");
        assert_eq!(clock_reading(600_000), "10m");
        assert_eq!(clock_reading(940_000), "15m40s");
        assert_eq!(clock_reading(52_200), "52.2s");
        assert_eq!(clock_reading(0), "0s");
        assert_eq!(clock_reading(3_900_000), "1h5m");
    }

    #[test]
    fn durations_print_as_go_prints_them() {
        assert_eq!(go_duration(0), "0s");
        assert_eq!(go_duration(313), "313ms");
        assert_eq!(go_duration(1_661), "1.661s");
        assert_eq!(go_duration(1_500), "1.5s");
        assert_eq!(go_duration(2_000), "2s");
        assert_eq!(go_duration(90_000), "1m30s");
        assert_eq!(go_duration(120_000), "2m0s");
        assert_eq!(go_duration(3_605_000), "1h0m5s");
    }
}
