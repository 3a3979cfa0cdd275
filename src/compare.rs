//! The side-by-side comparison: results of many approaches on many puzzle sets,
//! summarised into rows and rendered as a table, Markdown, CSV, JSON or an SVG
//! chart.
//!
//! Running the approaches (each in its own child process, under a time budget)
//! is the command line's job (`sudoku37 compare`); this module holds what can
//! be tested without processes: the per-puzzle record a worker reports, the
//! summary of a run, and the renderings.

use std::fmt::Write as _;
use std::time::Duration;

use serde::Serialize;

/// How one puzzle went for one approach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// A complete, valid answer that keeps the givens (and equals the known
    /// solution, where one is known).
    Solved,
    /// The approach found no solution, and the puzzle indeed has none.
    NoSolution,
    /// Anything else: a wrong board, a changed board, a missed solution.
    Wrong(String),
}

/// One puzzle's record, as a worker reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleRecord {
    pub elapsed: Duration,
    pub nodes: u64,
    pub verdict: Verdict,
    /// The solution as an 81-character line, when solved.
    pub answer: Option<String>,
}

impl PuzzleRecord {
    /// A record for a puzzle that never reached a solver.
    pub fn without_search(verdict: Verdict) -> PuzzleRecord {
        PuzzleRecord {
            elapsed: Duration::ZERO,
            nodes: 0,
            verdict,
            answer: None,
        }
    }

    /// The record as one line: `NANOS NODES solved [ANSWER]`,
    /// `NANOS NODES none` or `NANOS NODES wrong DETAIL`.
    pub fn to_line(&self) -> String {
        let nanos = self.elapsed.as_nanos();
        match (&self.verdict, &self.answer) {
            (Verdict::Solved, Some(answer)) => format!("{nanos} {} solved {answer}", self.nodes),
            (Verdict::Solved, None) => format!("{nanos} {} solved", self.nodes),
            (Verdict::NoSolution, _) => format!("{nanos} {} none", self.nodes),
            (Verdict::Wrong(detail), _) => format!("{nanos} {} wrong {detail}", self.nodes),
        }
    }

    /// Reads a line written by [`PuzzleRecord::to_line`].
    pub fn from_line(line: &str) -> Option<PuzzleRecord> {
        let mut fields = line.splitn(4, ' ');
        let nanos: u64 = fields.next()?.parse().ok()?;
        let nodes: u64 = fields.next()?.parse().ok()?;
        let (verdict, answer) = match fields.next()? {
            "solved" => (Verdict::Solved, fields.next().map(String::from)),
            "none" => (Verdict::NoSolution, None),
            "wrong" => (
                Verdict::Wrong(fields.next().unwrap_or("").to_string()),
                None,
            ),
            _ => return None,
        };
        Some(PuzzleRecord {
            elapsed: Duration::from_nanos(nanos),
            nodes,
            verdict,
            answer,
        })
    }
}

/// One approach on one set, summarised.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    pub approach: String,
    pub set: String,
    /// Puzzles in the set.
    pub puzzles: usize,
    /// Puzzles the approach got through before the budget ran out.
    pub finished: usize,
    pub solved: usize,
    /// Puzzles reported as having no solution, rightly.
    pub no_solution: usize,
    pub wrong: usize,
    /// The first wrong answer's description, if any.
    pub first_wrong: Option<String>,
    pub budget_exhausted: bool,
    pub median_us: f64,
    pub p95_us: f64,
    pub max_us: f64,
    /// Finished puzzles divided by the time spent solving them.
    pub puzzles_per_second: f64,
    pub mean_nodes: f64,
    /// Puzzles per second as a fraction of the fastest approach's on this set
    /// (1 for the fastest). Only approaches that finished the set count as
    /// fastest.
    pub relative_speed: f64,
}

/// Summarises one approach's records on one set.
pub fn summarize(
    approach: &str,
    set: &str,
    puzzles: usize,
    records: &[PuzzleRecord],
    budget_exhausted: bool,
) -> Row {
    let mut times: Vec<f64> = records
        .iter()
        .map(|record| record.elapsed.as_secs_f64() * 1e6)
        .collect();
    times.sort_by(f64::total_cmp);
    let total_seconds: f64 = times.iter().sum::<f64>() / 1e6;
    let count = |wanted: fn(&Verdict) -> bool| {
        records
            .iter()
            .filter(|record| wanted(&record.verdict))
            .count()
    };
    let first_wrong = records.iter().find_map(|record| match &record.verdict {
        Verdict::Wrong(detail) => Some(detail.clone()),
        _ => None,
    });
    let nodes: u64 = records.iter().map(|record| record.nodes).sum();
    Row {
        approach: approach.to_string(),
        set: set.to_string(),
        puzzles,
        finished: records.len(),
        solved: count(|verdict| *verdict == Verdict::Solved),
        no_solution: count(|verdict| *verdict == Verdict::NoSolution),
        wrong: count(|verdict| matches!(verdict, Verdict::Wrong(_))),
        first_wrong,
        budget_exhausted,
        median_us: percentile(&times, 0.5),
        p95_us: percentile(&times, 0.95),
        max_us: times.last().copied().unwrap_or(0.0),
        puzzles_per_second: if total_seconds > 0.0 {
            records.len() as f64 / total_seconds
        } else {
            0.0
        },
        mean_nodes: if records.is_empty() {
            0.0
        } else {
            nodes as f64 / records.len() as f64
        },
        relative_speed: 0.0,
    }
}

/// The value below which a `fraction` of the sorted `values` lie (nearest
/// rank); 0 for no values.
fn percentile(sorted: &[f64], fraction: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = (fraction * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Fills in every row's speed relative to the fastest approach on the same
/// set: among the approaches that finished the set, when any did (a row whose
/// budget ran out then gets 0, "not comparable": its puzzles per second cover
/// only the puzzles it reached); otherwise among all that finished a puzzle.
pub fn set_relative_speeds(rows: &mut [Row]) {
    let sets: Vec<String> = rows.iter().map(|row| row.set.clone()).collect();
    for set in sets {
        let someone_finished = rows
            .iter()
            .any(|row| row.set == set && !row.budget_exhausted && row.finished > 0);
        let comparable =
            |row: &Row| row.finished > 0 && (!someone_finished || !row.budget_exhausted);
        let fastest = rows
            .iter()
            .filter(|row| row.set == set && comparable(row))
            .map(|row| row.puzzles_per_second)
            .fold(0.0, f64::max);
        for row in rows.iter_mut().filter(|row| row.set == set) {
            row.relative_speed = if fastest > 0.0 && comparable(row) {
                row.puzzles_per_second / fastest
            } else {
                0.0
            };
        }
    }
}

/// Does any row hold a wrong answer?
pub fn any_wrong(rows: &[Row]) -> bool {
    rows.iter().any(|row| row.wrong > 0)
}

/// A duration in microseconds, short: `850µs`, `12.3ms`, `4.1s`.
fn short_time(micros: f64) -> String {
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

/// A count, short: `950`, `12.3k`, `4.5M`.
fn short_count(value: f64) -> String {
    if value < 1e3 {
        format!("{value:.0}")
    } else if value < 1e6 {
        format!("{:.1}k", value / 1e3)
    } else {
        format!("{:.1}M", value / 1e6)
    }
}

/// "95/95", with a mark when the budget ran out or an answer was wrong.
fn solved_cell(row: &Row) -> String {
    let mut cell = format!("{}/{}", row.solved + row.no_solution, row.puzzles);
    if row.budget_exhausted {
        cell.push('*');
    }
    if row.wrong > 0 {
        cell.push('!');
    }
    cell
}

/// How many times slower than the fastest: `fastest`, `2.41x`, `29.8x`,
/// `162x`.
fn relative_cell(row: &Row) -> String {
    if row.finished == 0 || row.relative_speed <= 0.0 {
        "-".to_string()
    } else if row.relative_speed >= 0.9995 {
        "fastest".to_string()
    } else if row.relative_speed >= 0.1 {
        format!("{:.2}x", 1.0 / row.relative_speed)
    } else if row.relative_speed >= 0.01 {
        format!("{:.1}x", 1.0 / row.relative_speed)
    } else {
        format!("{:.0}x", 1.0 / row.relative_speed)
    }
}

/// A row's figures as the table and Markdown show them: solved, median, p95,
/// max, puzzles per second, mean nodes, speed against the best.
fn shown_cells(row: &Row) -> [String; 7] {
    [
        solved_cell(row),
        short_time(row.median_us),
        short_time(row.p95_us),
        short_time(row.max_us),
        short_count(row.puzzles_per_second),
        short_count(row.mean_nodes),
        relative_cell(row),
    ]
}

/// The approaches of `rows`, each once, in the order they first appear.
fn approaches_in_order(rows: &[Row]) -> Vec<&str> {
    let mut approaches: Vec<&str> = Vec::new();
    for row in rows {
        if !approaches.contains(&row.approach.as_str()) {
            approaches.push(&row.approach);
        }
    }
    approaches
}

/// The table for a terminal: one block per set, fitting 80 columns.
pub fn render_table(rows: &[Row], set_sizes: &[(String, usize)]) -> String {
    let mut text = String::new();
    for (set, size) in set_sizes {
        let _ = writeln!(text, "{set} ({size} puzzles)");
        let _ = writeln!(
            text,
            "  {:<16} {:>11} {:>7} {:>7} {:>7} {:>9} {:>6}  vs best",
            "approach", "solved", "median", "p95", "max", "puzzles/s", "nodes"
        );
        for row in rows.iter().filter(|row| &row.set == set) {
            let [solved, median, p95, max, speed, nodes, relative] = shown_cells(row);
            let _ = writeln!(
                text,
                "  {:<16} {solved:>11} {median:>7} {p95:>7} {max:>7} {speed:>9} {nodes:>6}  {relative}",
                row.approach
            );
        }
        text.push('\n');
    }
    text.push_str(LEGEND);
    for row in rows.iter().filter(|row| row.wrong > 0) {
        let _ = writeln!(
            text,
            "WRONG: {} on {}: {} wrong answer(s), first: {}",
            row.approach,
            row.set,
            row.wrong,
            row.first_wrong.as_deref().unwrap_or("?")
        );
    }
    text
}

const LEGEND: &str = "\
solved: puzzles answered (solved, or rightly found to have no solution) of all;
  * the time budget ran out first (times and speeds cover the finished ones);
  ! some answer was wrong. Times are per puzzle; nodes are the mean digits
  placed per puzzle (guesses, for bitboard); vs best: how many times fewer
  puzzles per second than the fastest approach that finished the set (- for
  one that did not; when none did, all are compared on the puzzles reached).
";

/// One flat table with every column, for `--wide`.
pub fn render_wide(rows: &[Row]) -> String {
    let mut text = format!(
        "{:<17} {:<20} {:>12} {:>6} {:>6} {:>10} {:>10} {:>10} {:>12} {:>12} {:>9}\n",
        "approach",
        "set",
        "answered",
        "none",
        "wrong",
        "median_us",
        "p95_us",
        "max_us",
        "puzzles/s",
        "mean_nodes",
        "relative"
    );
    for row in rows {
        let _ = writeln!(
            text,
            "{:<17} {:<20} {:>12} {:>6} {:>6} {:>10.1} {:>10.1} {:>10.1} {:>12.1} {:>12.1} {:>9.4}",
            row.approach,
            row.set,
            solved_cell(row),
            row.no_solution,
            row.wrong,
            row.median_us,
            row.p95_us,
            row.max_us,
            row.puzzles_per_second,
            row.mean_nodes,
            row.relative_speed
        );
    }
    text.push('\n');
    text.push_str(LEGEND);
    text
}

/// A Markdown table, one row per (set, approach).
pub fn render_markdown(rows: &[Row]) -> String {
    let mut text = String::from(
        "| set | approach | solved | median | p95 | max | puzzles/s | mean nodes | vs best |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---|\n",
    );
    for row in rows {
        let _ = writeln!(
            text,
            "| {} | `{}` | {} |",
            markdown_cell(&row.set),
            row.approach,
            shown_cells(row).join(" | ")
        );
    }
    text
}

/// Text made safe for a Markdown table cell: a `|` would end the cell.
pub fn markdown_cell(text: &str) -> String {
    text.replace('\\', "\\\\").replace('|', "\\|")
}

/// A compact Markdown matrix: one row per approach, one column per set, each
/// cell the puzzles per second (`*` the budget ran out first, `!` some
/// answer was wrong, `-` not run).
pub fn render_markdown_matrix(rows: &[Row], set_names: &[String]) -> String {
    let approaches = approaches_in_order(rows);
    let mut text = String::from("| approach |");
    for set in set_names {
        let _ = write!(text, " {} |", markdown_cell(set));
    }
    text.push_str("\n|---|");
    text.push_str(&"---:|".repeat(set_names.len()));
    text.push('\n');
    for approach in approaches {
        let _ = write!(text, "| `{approach}` |");
        for set in set_names {
            match rows
                .iter()
                .find(|row| row.approach == approach && &row.set == set)
            {
                Some(row) if row.finished == 0 && row.budget_exhausted => text.push_str(" 0* |"),
                Some(row) if row.finished > 0 => {
                    let marks = match (row.budget_exhausted, row.wrong > 0) {
                        (false, false) => "",
                        (true, false) => "*",
                        (false, true) => "!",
                        (true, true) => "*!",
                    };
                    let _ = write!(text, " {}{marks} |", short_count(row.puzzles_per_second));
                }
                _ => text.push_str(" - |"),
            }
        }
        text.push('\n');
    }
    text
}

/// CSV with a header line and the exact numbers.
pub fn render_csv(rows: &[Row]) -> Result<String, csv::Error> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    for row in rows {
        writer.serialize(row)?;
    }
    let bytes = writer.into_inner().map_err(|error| error.into_error())?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// JSON: an array of row objects with the exact numbers. A figure that
/// does not exist (no puzzle finished, or a speed not comparable) is `null`,
/// never a made-up 0.
pub fn render_json(rows: &[Row]) -> Result<String, serde_json::Error> {
    let mut values = Vec::with_capacity(rows.len());
    for row in rows {
        let mut value = serde_json::to_value(row)?;
        if let Some(object) = value.as_object_mut() {
            if row.finished == 0 {
                for field in [
                    "median_us",
                    "p95_us",
                    "max_us",
                    "puzzles_per_second",
                    "mean_nodes",
                ] {
                    object.insert(field.to_string(), serde_json::Value::Null);
                }
            }
            if row.finished == 0 || row.relative_speed <= 0.0 {
                object.insert("relative_speed".to_string(), serde_json::Value::Null);
            }
        }
        values.push(value);
    }
    serde_json::to_string_pretty(&values)
}

/// Draws puzzles per second (log scale) of every approach on every set as an
/// SVG chart: sets along the x axis, one coloured line of points per approach.
pub fn render_svg(rows: &[Row], set_names: &[String]) -> Result<String, String> {
    use plotters::prelude::*;

    let measured: Vec<&Row> = rows
        .iter()
        .filter(|row| row.finished > 0 && row.puzzles_per_second > 0.0)
        .collect();
    let lowest = measured
        .iter()
        .map(|row| row.puzzles_per_second)
        .fold(f64::INFINITY, f64::min);
    let highest = measured
        .iter()
        .map(|row| row.puzzles_per_second)
        .fold(0.0, f64::max);
    let (low, high) = if measured.is_empty() {
        (1.0, 10.0)
    } else {
        (
            10f64.powf(lowest.log10().floor()),
            10f64.powf(highest.log10().ceil()),
        )
    };
    let approaches = approaches_in_order(rows);

    let mut svg = String::new();
    {
        let legend_width = 190;
        let width = legend_width + 160 + 110 * set_names.len().max(3) as u32;
        let area = SVGBackend::with_string(&mut svg, (width, 520)).into_drawing_area();
        area.fill(&WHITE).map_err(|error| error.to_string())?;
        // The legend gets its own strip on the right, so it never hides a point.
        let (plot_area, legend_area) = area.split_horizontally(width - legend_width);
        let mut chart = ChartBuilder::on(&plot_area)
            .caption(
                "puzzles per second (log scale), higher is faster",
                ("sans-serif", 18),
            )
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(
                -0.5f64..(set_names.len() as f64 - 0.5),
                (low..high).log_scale(),
            )
            .map_err(|error| error.to_string())?;
        chart
            .configure_mesh()
            .x_labels(set_names.len())
            .x_label_formatter(&|x| {
                let index = x.round();
                if (x - index).abs() < 1e-6 && index >= 0.0 {
                    set_names.get(index as usize).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            })
            .y_label_formatter(&|value| short_count(*value))
            .y_desc("puzzles/s")
            .disable_x_mesh()
            .draw()
            .map_err(|error| error.to_string())?;
        for (index, approach) in approaches.iter().enumerate() {
            let color = Palette99::pick(index).to_rgba();
            let points: Vec<(f64, f64)> = set_names
                .iter()
                .enumerate()
                .filter_map(|(position, set)| {
                    measured
                        .iter()
                        .find(|row| row.approach == *approach && &row.set == set)
                        .map(|row| (position as f64, row.puzzles_per_second))
                })
                .collect();
            // Join only neighbouring sets, so a set an approach did not
            // finish shows as a gap rather than a line across it.
            for pair in points.windows(2).filter(|pair| pair[1].0 - pair[0].0 < 1.5) {
                chart
                    .draw_series(LineSeries::new(pair.to_vec(), color.stroke_width(2)))
                    .map_err(|error| error.to_string())?;
            }
            chart
                .draw_series(
                    points
                        .into_iter()
                        .map(|point| Circle::new(point, 4, color.filled())),
                )
                .map_err(|error| error.to_string())?;
            let y = 50 + 24 * index as i32;
            legend_area
                .draw(&PathElement::new(
                    vec![(8, y), (32, y)],
                    color.stroke_width(3),
                ))
                .map_err(|error| error.to_string())?;
            legend_area
                .draw(&Text::new(
                    approach.to_string(),
                    (40, y - 7),
                    ("sans-serif", 14),
                ))
                .map_err(|error| error.to_string())?;
        }
        area.present().map_err(|error| error.to_string())?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(micros: u64, nodes: u64, verdict: Verdict) -> PuzzleRecord {
        PuzzleRecord {
            elapsed: Duration::from_micros(micros),
            nodes,
            verdict,
            answer: None,
        }
    }

    #[test]
    fn records_round_trip_as_lines() {
        for original in [
            record(12, 51, Verdict::Solved),
            PuzzleRecord {
                answer: Some("1".repeat(81)),
                ..record(12, 51, Verdict::Solved)
            },
            record(7, 0, Verdict::NoSolution),
            record(
                3,
                9,
                Verdict::Wrong("row 1, column 3 is still blank".into()),
            ),
        ] {
            assert_eq!(PuzzleRecord::from_line(&original.to_line()), Some(original));
        }
        assert_eq!(PuzzleRecord::from_line("garbage"), None);
    }

    #[test]
    fn summary_counts_times_and_nodes() {
        let records = [
            record(100, 10, Verdict::Solved),
            record(300, 30, Verdict::Solved),
            record(200, 20, Verdict::NoSolution),
            record(400, 40, Verdict::Wrong("bad".into())),
        ];
        let row = summarize("a", "s", 5, &records, true);
        assert_eq!(
            (row.finished, row.solved, row.no_solution, row.wrong),
            (4, 2, 1, 1)
        );
        assert_eq!(row.first_wrong.as_deref(), Some("bad"));
        assert_eq!(row.median_us, 200.0);
        assert_eq!(row.p95_us, 400.0);
        assert_eq!(row.max_us, 400.0);
        assert!((row.puzzles_per_second - 4.0 / 0.001).abs() < 1e-6);
        assert_eq!(row.mean_nodes, 25.0);
        assert_eq!(solved_cell(&row), "3/5*!");
    }

    #[test]
    fn relative_speed_is_against_the_fastest_finisher() {
        let fast = summarize("fast", "s", 1, &[record(10, 1, Verdict::Solved)], false);
        let slow = summarize("slow", "s", 1, &[record(100, 1, Verdict::Solved)], false);
        // Faster per puzzle, but it did not finish the set.
        let partial = summarize("partial", "s", 2, &[record(1, 1, Verdict::Solved)], true);
        // On a set nobody finished, everybody is compared.
        let first = summarize("first", "big", 9, &[record(10, 1, Verdict::Solved)], true);
        let second = summarize("second", "big", 9, &[record(20, 1, Verdict::Solved)], true);
        let mut rows = vec![fast, slow, partial, first, second];
        set_relative_speeds(&mut rows);
        assert_eq!(rows[0].relative_speed, 1.0);
        assert_eq!(relative_cell(&rows[2]), "-");
        assert_eq!(relative_cell(&rows[3]), "fastest");
        assert_eq!(relative_cell(&rows[4]), "2.00x");
        assert!((rows[1].relative_speed - 0.1).abs() < 1e-9);
        assert_eq!(relative_cell(&rows[0]), "fastest");
        assert!(relative_cell(&rows[1]).starts_with("10.0"));
        rows[1].relative_speed = 0.5;
        assert_eq!(relative_cell(&rows[1]), "2.00x");
    }

    #[test]
    fn the_table_fits_80_columns() {
        let mut rows = vec![summarize(
            "set_intersection",
            "hardest_forum_1106",
            40000,
            &[record(123_456_789, 12_345_678, Verdict::Solved)],
            true,
        )];
        set_relative_speeds(&mut rows);
        let table = render_table(&rows, &[("hardest_forum_1106".into(), 40000)]);
        for line in table.lines() {
            assert!(line.chars().count() <= 80, "{line:?}");
        }
    }

    #[test]
    fn the_matrix_has_a_row_per_approach_and_a_column_per_set() {
        let rows = vec![
            summarize("a", "s1", 1, &[record(10, 1, Verdict::Solved)], false),
            summarize("b", "s1", 2, &[record(1000, 1, Verdict::Solved)], true),
            summarize(
                "a",
                "s2",
                1,
                &[record(100, 1, Verdict::Wrong("x".into()))],
                false,
            ),
        ];
        let matrix = render_markdown_matrix(&rows, &["s1".into(), "s2".into()]);
        assert_eq!(
            matrix,
            "| approach | s1 | s2 |\n|---|---:|---:|\n| `a` | 100.0k | 10.0k! |\n| `b` | 1.0k* | - |\n"
        );
    }

    #[test]
    fn svg_is_drawn() {
        let rows = vec![
            summarize("a", "s1", 1, &[record(10, 1, Verdict::Solved)], false),
            summarize("b", "s1", 1, &[record(100, 1, Verdict::Solved)], false),
            summarize("a", "s2", 1, &[record(1000, 1, Verdict::Solved)], false),
        ];
        let svg = render_svg(&rows, &["s1".into(), "s2".into()]).unwrap();
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("puzzles per second"));
        assert!(svg.trim_end().ends_with("</svg>"));
    }
}
