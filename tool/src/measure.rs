//! Times as the project reports them: the median and percentiles of a run,
//! and durations (and counts) written for people. Every subcommand, bench and example
//! that shows a time goes through here, so they all round alike.

use std::time::Duration;

/// The median of some durations: the middle one, or the mean of the middle
/// two for an even count; `None` for none.
pub fn median(times: &[Duration]) -> Option<Duration> {
    let mut sorted = times.to_vec();
    sorted.sort_unstable();
    let middle = sorted.len() / 2;
    match sorted.len() {
        0 => None,
        length if length % 2 == 1 => Some(sorted[middle]),
        _ => Some((sorted[middle - 1] + sorted[middle]) / 2),
    }
}

/// The nearest-rank percentile of values sorted ascending (`fraction` 0.5
/// for the median, 0.95 for p95); `None` for none.
pub fn percentile(sorted: &[f64], fraction: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (fraction * sorted.len() as f64).ceil() as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

/// A count with thousands separators: `950`, `20,250`, `1,000,000`.
pub fn format_count(count: u64) -> String {
    let digits = count.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (at, digit) in digits.chars().enumerate() {
        if at > 0 && (digits.len() - at) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// A measured duration: `850.0 µs`, `12.35 ms`, `4.10 s`.
pub fn format_duration(duration: Duration) -> String {
    let micros = duration.as_secs_f64() * 1e6;
    if micros < 1000.0 {
        format!("{micros:.1} µs")
    } else if micros < 1e6 {
        format!("{:.2} ms", micros / 1000.0)
    } else {
        format!("{:.2} s", micros / 1e6)
    }
}

/// A limit someone set, in seconds as they would write it: `1 s`, `0.50 s`.
pub fn format_seconds(duration: Duration) -> String {
    let seconds = duration.as_secs_f64();
    if seconds.fract() == 0.0 {
        format!("{seconds} s")
    } else if seconds >= 0.01 {
        format!("{seconds:.2} s")
    } else {
        // A limit of a few microseconds keeps its digits: never "0.00 s".
        let digits = format!("{seconds:.6}");
        format!("{} s", digits.trim_end_matches('0'))
    }
}

/// A duration in microseconds, short, for a table cell: `850µs`, `12.3ms`,
/// `4.1s`; `-` for none.
pub fn format_short(micros: Option<f64>) -> String {
    let Some(micros) = micros else {
        return "-".to_string();
    };
    if micros < 1.0 {
        format!("{micros:.2}µs")
    } else if micros < 1000.0 {
        format!("{micros:.0}µs")
    } else if micros < 1e6 {
        format!("{:.1}ms", micros / 1e3)
    } else {
        format!("{:.1}s", micros / 1e6)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(format_count(7), "7");
        assert_eq!(format_count(20_250), "20,250");
        assert_eq!(format_count(1_000_000), "1,000,000");
    }

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        let ms = Duration::from_millis;
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[ms(3), ms(1), ms(2)]), Some(ms(2)));
        assert_eq!(
            median(&[ms(4), ms(1), ms(2), ms(3)]),
            Some(Duration::from_micros(2500))
        );
    }

    #[test]
    fn percentiles_take_the_nearest_rank() {
        let values = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(percentile(&values, 0.5), Some(2.0));
        assert_eq!(percentile(&values, 0.95), Some(4.0));
        assert_eq!(percentile(&[], 0.5), None);
    }

    #[test]
    fn durations_are_written_in_the_unit_that_fits() {
        assert_eq!(format_duration(Duration::from_micros(850)), "850.0 µs");
        assert_eq!(format_duration(Duration::from_micros(12_345)), "12.35 ms");
        assert_eq!(format_duration(Duration::from_millis(4_100)), "4.10 s");
        assert_eq!(format_seconds(Duration::from_secs(1)), "1 s");
        assert_eq!(format_seconds(Duration::from_millis(500)), "0.50 s");
        assert_eq!(format_short(Some(0.5)), "0.50µs");
        assert_eq!(format_short(Some(850.0)), "850µs");
        assert_eq!(format_short(Some(12_300.0)), "12.3ms");
        assert_eq!(format_short(Some(4.1e6)), "4.1s");
        assert_eq!(format_short(None), "-");
    }
}
