//! Simulated time as the timeline prints it, in kubectl's duration style
//! (`45s`, `2m5s`, `1h3m`), with tenths below a minute since frames can be
//! milliseconds apart.

pub fn format_sim_time(ms: u64) -> String {
    let seconds = ms / 1000;
    if seconds < 60 {
        let tenths = (ms % 1000) / 100;
        return if tenths == 0 { format!("{seconds}s") } else { format!("{seconds}.{tenths}s") };
    }
    let (hours, minutes, seconds) = (seconds / 3600, (seconds % 3600) / 60, seconds % 60);
    match (hours, seconds) {
        (0, 0) => format!("{minutes}m"),
        (0, _) => format!("{minutes}m{seconds}s"),
        (_, _) if minutes == 0 => format!("{hours}h"),
        _ => format!("{hours}h{minutes}m"),
    }
}

#[cfg(test)]
mod tests {
    use super::format_sim_time;

    #[test]
    fn kubectl_style_durations() {
        assert_eq!(format_sim_time(0), "0s");
        assert_eq!(format_sim_time(2_500), "2.5s");
        assert_eq!(format_sim_time(45_000), "45s");
        assert_eq!(format_sim_time(120_000), "2m");
        assert_eq!(format_sim_time(125_400), "2m5s");
        assert_eq!(format_sim_time(3_600_000), "1h");
        assert_eq!(format_sim_time(3_780_000), "1h3m");
    }
}
