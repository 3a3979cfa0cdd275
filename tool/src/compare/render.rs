//! The renderings of a [`Comparison`]: every format is one function of the
//! same shape, [`Renderer`], so a new format is one [`Format`] variant and one
//! function.

use std::fmt::Write as _;

use thiserror::Error;

use super::{Comparison, Row};
use crate::measure::format_short;

/// Every renderer's shape.
pub type Renderer = fn(&Comparison) -> Result<String, RenderError>;

/// Why a comparison could not be rendered.
#[derive(Debug, Error)]
pub enum RenderError {
    #[error("CSV: {0}")]
    Csv(#[from] csv::Error),
    #[error("JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("chart: {0}")]
    Chart(String),
}

fn plot_error(error: impl std::fmt::Display) -> RenderError {
    RenderError::Chart(error.to_string())
}

/// The text formats `compare --format` offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// One block per set, fitting 80 columns.
    Table,
    /// One flat table with every column and exact figures.
    Wide,
    /// A Markdown table, one row per (set, approach).
    Markdown,
    /// A Markdown matrix: approaches by sets, puzzles per second.
    Matrix,
    /// CSV with a header line and the exact figures.
    Csv,
    /// JSON: an array of row objects with the exact figures.
    Json,
}

impl Format {
    /// Every format, in the order `--help` lists them.
    pub const ALL: [Format; 6] = [
        Format::Table,
        Format::Wide,
        Format::Markdown,
        Format::Matrix,
        Format::Csv,
        Format::Json,
    ];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Table => "table",
            Format::Wide => "wide",
            Format::Markdown => "markdown",
            Format::Matrix => "matrix",
            Format::Csv => "csv",
            Format::Json => "json",
        }
    }

    /// One line on what it gives.
    pub fn summary(self) -> &'static str {
        match self {
            Format::Table => "One block per set, fitting 80 columns",
            Format::Wide => "One flat table with every column and exact figures",
            Format::Markdown => "A Markdown table, one row per (set, approach)",
            Format::Matrix => "A Markdown matrix: approaches by sets, puzzles per second",
            Format::Csv => "CSV with a header line and the exact figures",
            Format::Json => "JSON: an array of row objects with the exact figures",
        }
    }

    /// The function that renders this format.
    pub fn renderer(self) -> Renderer {
        match self {
            Format::Table => table,
            Format::Wide => wide,
            Format::Markdown => markdown,
            Format::Matrix => matrix,
            Format::Csv => csv,
            Format::Json => json,
        }
    }
}

/// A count, short: `950`, `12.3k`, `4.5M`; `-` for none.
fn short_count(value: Option<f64>) -> String {
    let Some(value) = value else {
        return "-".to_string();
    };
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
    match row.relative_speed {
        None => "-".to_string(),
        Some(speed) if speed <= 0.0 => "-".to_string(),
        Some(speed) if speed >= 0.9995 => "fastest".to_string(),
        Some(speed) if speed >= 0.1 => format!("{:.2}x", 1.0 / speed),
        Some(speed) if speed >= 0.01 => format!("{:.1}x", 1.0 / speed),
        Some(speed) => format!("{:.0}x", 1.0 / speed),
    }
}

/// A row's figures as the table and Markdown show them: solved, median, p95,
/// max, puzzles per second, mean nodes, speed against the best.
fn shown_cells(row: &Row) -> [String; 7] {
    [
        solved_cell(row),
        format_short(row.median_us),
        format_short(row.p95_us),
        format_short(row.max_us),
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
pub fn table(comparison: &Comparison) -> Result<String, RenderError> {
    let mut text = String::new();
    for set in &comparison.sets {
        let _ = writeln!(text, "{} ({} puzzles)", set.name, set.puzzles);
        let _ = writeln!(
            text,
            "  {:<16} {:>11} {:>7} {:>7} {:>7} {:>9} {:>6}  vs best",
            "approach", "solved", "median", "p95", "max", "puzzles/s", "nodes"
        );
        for row in comparison.rows.iter().filter(|row| row.set == set.name) {
            let [solved, median, p95, max, speed, nodes, relative] = shown_cells(row);
            let _ = writeln!(
                text,
                "  {:<16} {solved:>11} {median:>7} {p95:>7} {max:>7} {speed:>9} {nodes:>6}  {relative}",
                row.approach
            );
        }
        text.push('\n');
    }
    text.push_str(&legend(comparison));
    for row in comparison.rows.iter().filter(|row| row.wrong > 0) {
        let _ = writeln!(
            text,
            "WRONG: {} on {}: {} wrong answer(s), first: {}",
            row.approach,
            row.set,
            row.wrong,
            row.first_wrong.as_deref().unwrap_or("?")
        );
    }
    Ok(text)
}

/// What the columns mean and how the times were taken.
pub fn legend(comparison: &Comparison) -> String {
    let timing = comparison.timing;
    format!(
        "\
solved: puzzles answered (solved, or rightly found to have no solution) of all;
  * the time budget ({budget} s per approach and set) ran out first (times and
  speeds cover the finished ones); ! some answer was wrong. Times are per
  puzzle; on sets of at most {small} puzzles each puzzle is solved again and
  again for at least {repeat} ms per approach in all, and its time is the
  median of its runs. nodes: the mean digits placed per puzzle (guesses, for
  bitboard). vs best: how many times fewer puzzles per second than the
  fastest approach that finished the set (- for one that did not; when none
  did, all are compared on the puzzles reached).
",
        budget = timing.budget.as_secs_f64(),
        small = timing.small_set,
        repeat = timing.repeat_for.as_millis(),
    )
}

/// One flat table with every column, exact figures.
pub fn wide(comparison: &Comparison) -> Result<String, RenderError> {
    let figure = |value: Option<f64>, decimals: usize| {
        value.map_or("-".to_string(), |value| format!("{value:.decimals$}"))
    };
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
    for row in &comparison.rows {
        let _ = writeln!(
            text,
            "{:<17} {:<20} {:>12} {:>6} {:>6} {:>10} {:>10} {:>10} {:>12} {:>12} {:>9}",
            row.approach,
            row.set,
            solved_cell(row),
            row.no_solution,
            row.wrong,
            figure(row.median_us, 1),
            figure(row.p95_us, 1),
            figure(row.max_us, 1),
            figure(row.puzzles_per_second, 1),
            figure(row.mean_nodes, 1),
            figure(row.relative_speed, 4)
        );
    }
    text.push('\n');
    text.push_str(&legend(comparison));
    Ok(text)
}

/// A Markdown table, one row per (set, approach).
pub fn markdown(comparison: &Comparison) -> Result<String, RenderError> {
    let mut text = String::from(
        "| set | approach | solved | median | p95 | max | puzzles/s | mean nodes | vs best |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---|\n",
    );
    for row in &comparison.rows {
        let _ = writeln!(
            text,
            "| {} | `{}` | {} |",
            markdown_cell(&row.set),
            row.approach,
            shown_cells(row).join(" | ")
        );
    }
    Ok(text)
}

/// Text made safe for a Markdown table cell: a `|` would end the cell.
pub fn markdown_cell(text: &str) -> String {
    text.replace('\\', "\\\\").replace('|', "\\|")
}

/// A compact Markdown matrix: one row per approach, one column per set, each
/// cell the puzzles per second (`*` the budget ran out first, `!` some
/// answer was wrong, `-` not run).
pub fn matrix(comparison: &Comparison) -> Result<String, RenderError> {
    let rows = &comparison.rows;
    let set_names = comparison.set_names();
    let approaches = approaches_in_order(rows);
    let mut text = String::from("| approach |");
    for set in &set_names {
        let _ = write!(text, " {} |", markdown_cell(set));
    }
    text.push_str("\n|---|");
    text.push_str(&"---:|".repeat(set_names.len()));
    text.push('\n');
    for approach in approaches {
        let _ = write!(text, "| `{approach}` |");
        for set in &set_names {
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
    Ok(text)
}

/// CSV with a header line and the exact figures; a missing figure is an
/// empty field.
pub fn csv(comparison: &Comparison) -> Result<String, RenderError> {
    let mut writer = ::csv::Writer::from_writer(Vec::new());
    for row in &comparison.rows {
        writer.serialize(row)?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|error| RenderError::Csv(error.into_error().into()))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// JSON: an array of row objects with the exact figures; a figure that does
/// not exist is `null`, never a made-up 0. Ends with a line break.
pub fn json(comparison: &Comparison) -> Result<String, RenderError> {
    let mut text = serde_json::to_string_pretty(&comparison.rows)?;
    text.push('\n');
    Ok(text)
}

/// Draws puzzles per second (log scale) of every approach on every set as an
/// SVG chart: sets along the x axis, one coloured line of points per approach.
pub fn svg(comparison: &Comparison) -> Result<String, RenderError> {
    use plotters::prelude::*;

    let rows = &comparison.rows;
    let set_names = comparison.set_names();

    let measured: Vec<&Row> = rows
        .iter()
        .filter(|row| row.puzzles_per_second.is_some_and(|speed| speed > 0.0))
        .collect();
    let lowest = measured
        .iter()
        .filter_map(|row| row.puzzles_per_second)
        .fold(f64::INFINITY, f64::min);
    let highest = measured
        .iter()
        .filter_map(|row| row.puzzles_per_second)
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
        area.fill(&WHITE).map_err(plot_error)?;
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
            .map_err(plot_error)?;
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
            .y_label_formatter(&|value| short_count(Some(*value)))
            .y_desc("puzzles/s")
            .disable_x_mesh()
            .draw()
            .map_err(plot_error)?;
        for (index, approach) in approaches.iter().enumerate() {
            let color = Palette99::pick(index).to_rgba();
            let points: Vec<(f64, f64)> = set_names
                .iter()
                .enumerate()
                .filter_map(|(position, set)| {
                    measured
                        .iter()
                        .find(|row| row.approach == *approach && &row.set == set)
                        .and_then(|row| Some((position as f64, row.puzzles_per_second?)))
                })
                .collect();
            // Join only neighbouring sets, so a set an approach did not
            // finish shows as a gap rather than a line across it.
            for pair in points.windows(2).filter(|pair| pair[1].0 - pair[0].0 < 1.5) {
                chart
                    .draw_series(LineSeries::new(pair.to_vec(), color.stroke_width(2)))
                    .map_err(plot_error)?;
            }
            chart
                .draw_series(
                    points
                        .into_iter()
                        .map(|point| Circle::new(point, 4, color.filled())),
                )
                .map_err(plot_error)?;
            let y = 50 + 24 * index as i32;
            legend_area
                .draw(&PathElement::new(
                    vec![(8, y), (32, y)],
                    color.stroke_width(3),
                ))
                .map_err(plot_error)?;
            legend_area
                .draw(&Text::new(
                    approach.to_string(),
                    (40, y - 7),
                    ("sans-serif", 14),
                ))
                .map_err(plot_error)?;
        }
        area.present().map_err(plot_error)?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::super::summary::tests::{measured, reply};
    use super::super::{SetSize, Timing};
    use super::*;
    use crate::wire::Check;

    fn comparison(measurements: &[super::super::Measurement], sets: &[&str]) -> Comparison {
        let sizes = sets
            .iter()
            .map(|&name| SetSize {
                name: name.into(),
                puzzles: measurements
                    .iter()
                    .filter(|measurement| measurement.set == name)
                    .map(|measurement| measurement.puzzles)
                    .max()
                    .unwrap_or(0),
            })
            .collect();
        Comparison::new(measurements, sizes, Timing::default())
    }

    #[test]
    fn cells_show_marks_and_ratios() {
        let compared = comparison(
            &[
                measured("fast", "s", 1, vec![reply(10, 1, Check::Solved)], false),
                measured("slow", "s", 1, vec![reply(100, 1, Check::Solved)], false),
                measured(
                    "partial",
                    "s",
                    5,
                    vec![reply(1, 1, Check::Wrong("x".into()))],
                    true,
                ),
            ],
            &["s"],
        );
        assert_eq!(relative_cell(&compared.rows[0]), "fastest");
        assert!(relative_cell(&compared.rows[1]).starts_with("10.0"));
        assert_eq!(relative_cell(&compared.rows[2]), "-");
        assert_eq!(solved_cell(&compared.rows[2]), "0/5*!");
    }

    #[test]
    fn approaches_that_tie_with_the_fastest_are_all_fastest() {
        let compared = comparison(
            &[
                measured("one", "s", 1, vec![reply(10, 1, Check::Solved)], false),
                measured("other", "s", 1, vec![reply(10, 1, Check::Solved)], false),
            ],
            &["s"],
        );
        assert_eq!(relative_cell(&compared.rows[0]), "fastest");
        assert_eq!(relative_cell(&compared.rows[1]), "fastest");
    }

    #[test]
    fn the_table_fits_80_columns() {
        let compared = comparison(
            &[measured(
                sudoku37::approaches::SET_INTERSECTION.name,
                "hardest_forum_1106",
                40000,
                vec![reply(123_456_789, 12_345_678, Check::Solved)],
                true,
            )],
            &["hardest_forum_1106"],
        );
        for line in table(&compared).unwrap().lines() {
            assert!(line.chars().count() <= 80, "{line:?}");
        }
    }

    #[test]
    fn the_matrix_has_a_row_per_approach_and_a_column_per_set() {
        let compared = comparison(
            &[
                measured("a", "s1", 1, vec![reply(10, 1, Check::Solved)], false),
                measured("b", "s1", 2, vec![reply(1000, 1, Check::Solved)], true),
                measured(
                    "a",
                    "s2",
                    1,
                    vec![reply(100, 1, Check::Wrong("x".into()))],
                    false,
                ),
            ],
            &["s1", "s2"],
        );
        assert_eq!(
            matrix(&compared).unwrap(),
            "| approach | s1 | s2 |\n|---|---:|---:|\n| `a` | 100.0k | 10.0k! |\n| `b` | 1.0k* | - |\n"
        );
    }

    #[test]
    fn every_format_renders_through_one_shape() {
        let compared = comparison(
            &[
                measured("a", "s|1", 1, vec![reply(10, 1, Check::Solved)], false),
                measured("b", "s|1", 1, Vec::new(), true),
            ],
            &["s|1"],
        );
        for format in Format::ALL {
            let text = (format.renderer())(&compared).unwrap();
            assert!(text.contains('a'), "{format:?}");
        }
        let markdown = markdown(&compared).unwrap();
        assert!(markdown.contains(r"| s\|1 | `a` |"), "{markdown}");
        let json = json(&compared).unwrap();
        assert!(json.contains(r#""median_us": null"#), "{json}");
    }

    #[test]
    fn svg_is_drawn() {
        let compared = comparison(
            &[
                measured("a", "s1", 1, vec![reply(10, 1, Check::Solved)], false),
                measured("b", "s1", 1, vec![reply(100, 1, Check::Solved)], false),
                measured("a", "s2", 1, vec![reply(1000, 1, Check::Solved)], false),
            ],
            &["s1", "s2"],
        );
        let svg = svg(&compared).unwrap();
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("puzzles per second"));
        assert!(svg.trim_end().ends_with("</svg>"));
    }
}
