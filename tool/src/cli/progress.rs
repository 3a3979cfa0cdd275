//! The library's [`Progress`] drawn on standard error: a bar for a run of
//! known length, a spinner for a step of unknown length (indicatif hides
//! both when standard error is not a terminal).

use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

use sudoku37_tool::progress::Progress;

/// A bar or a spinner on standard error.
#[derive(Default)]
pub struct Bar {
    bar: Option<ProgressBar>,
}

impl Progress for Bar {
    fn start(&mut self, total: u64, unit: &'static str) {
        self.finish();
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template(&format!("{{bar:30}} {{pos}}/{{len}} {unit}  {{msg}}"))
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        self.bar = Some(bar);
    }

    fn spin(&mut self, message: &str) {
        self.finish();
        let spinner = ProgressBar::new_spinner();
        spinner.set_message(message.to_string());
        spinner.enable_steady_tick(Duration::from_millis(100));
        self.bar = Some(spinner);
    }

    fn message(&mut self, message: &str) {
        if let Some(bar) = &self.bar {
            bar.set_message(message.to_string());
        }
    }

    fn advance(&mut self, steps: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(steps);
        }
    }

    fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.finish();
    }
}
