//! Every comparison of measured numbers in the notes is computed. A sentence
//! that says which set costs the most, gives a ratio range, or says "most",
//! "least", "more than" about figures of a table is recomputed here from the
//! table (or the generated block) it reads, in both languages; the tables
//! themselves are held to their commands elsewhere (`notes::`, `figures::`).
//! Change a table, and the sentence that reads it must be written again.

use crate::notes::read;

#[allow(dead_code)]
#[path = "../../../bench/examples/race_builds.rs"]
mod race_builds;

/// The rows of the first Markdown table of `text` whose header row starts
/// with `header`, as trimmed cells (the header and its rule left out).
fn table(text: &str, header: &str) -> Vec<Vec<String>> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|line| line.starts_with(header))
        .unwrap_or_else(|| panic!("no table whose header starts {header:?}"));
    lines[start + 2..]
        .iter()
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            line.trim()
                .trim_matches('|')
                .split('|')
                .map(|cell| cell.trim().to_string())
                .collect()
        })
        .collect()
}

/// A cell as a number: `141,656.2`, `100.0%`, `0.53`.
fn number(cell: &str) -> f64 {
    cell.replace([',', '%'], "")
        .parse()
        .unwrap_or_else(|_| panic!("not a number: {cell:?}"))
}

/// A set's name as the tables write it, without backticks and `.txt`.
fn set_name(cell: &str) -> String {
    cell.trim_matches('`').trim_end_matches(".txt").to_string()
}

/// The level of a graded set's name: `graded_hard` is `hard`.
fn level_of(set: &str) -> &str {
    set.trim_start_matches("graded_")
}

/// A small count as a word (up to ten).
pub(crate) fn word(count: usize) -> &'static str {
    [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ][count]
}

/// The same in Chinese.
pub(crate) fn chinese_word(count: usize) -> &'static str {
    [
        "零", "一", "两", "三", "四", "五", "六", "七", "八", "九", "十",
    ][count]
}

/// The index and value of the largest (`most`) or smallest of `values`.
fn extreme(values: &[f64], most: bool) -> (usize, f64) {
    let mut best = 0;
    for (at, value) in values.iter().enumerate() {
        if (most && *value > values[best]) || (!most && *value < values[best]) {
            best = at;
        }
    }
    (best, values[best])
}

/// The quotes a test looks for (white space collapsed), and those missing.
#[derive(Default)]
struct Says {
    missing: Vec<String>,
}

impl Says {
    fn says(&mut self, path: &str, quote: impl AsRef<str>) {
        let collapse = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        let quote = collapse(quote.as_ref());
        if !collapse(&read(path)).contains(&quote) {
            self.missing.push(format!("{path} should say: {quote}"));
        }
    }

    fn done(self) {
        assert!(
            self.missing.is_empty(),
            "comparisons in prose that no longer follow from the tables they read (write \
             the sentence again from the table):\n{}",
            self.missing.join("\n")
        );
    }
}

/// `most_constrained`'s table: how much smaller its tree is than `bitmask`'s
/// (the range, and the sets at its ends), and where it loses most to
/// `propagation`; `propagation`'s own table, for the 17-clue puzzles.
#[test]
fn most_constrained_s_ratios_are_computed_from_its_table() {
    let mut says = Says::default();
    let text = read("notes/most_constrained.md");
    let rows = table(&text, "| set | puzzles | `bool_arrays` |");
    let sets: Vec<String> = rows.iter().map(|row| set_name(&row[0])).collect();
    let reading: Vec<f64> = rows.iter().map(|row| number(&row[3])).collect();
    let tightest: Vec<f64> = rows.iter().map(|row| number(&row[4])).collect();
    let propagating: Vec<f64> = rows.iter().map(|row| number(&row[5])).collect();
    let shrink: Vec<f64> = reading.iter().zip(&tightest).map(|(r, t)| r / t).collect();
    let (low, low_value) = extreme(&shrink, false);
    let (high, high_value) = extreme(&shrink, true);
    says.says(
        "notes/most_constrained.md",
        format!(
            "Against `bitmask` the tree shrinks {low_value:.0}-fold (`{}.txt`) to \
             {high_value:.0}-fold (`{}.txt`).",
            sets[low], sets[high]
        ),
    );
    says.says(
        "notes/zh/most_constrained.md",
        format!(
            "与 `bitmask` 相比，搜索树缩小了 {low_value:.0} 倍（`{}.txt`）到 {high_value:.0} 倍（`{}.txt`）。",
            sets[low], sets[high]
        ),
    );
    let losses: Vec<f64> = tightest
        .iter()
        .zip(&propagating)
        .map(|(t, p)| t / p)
        .collect();
    let (most, most_value) = extreme(&losses, true);
    let graded: Vec<usize> = (0..sets.len())
        .filter(|&at| sets[at].starts_with("graded_"))
        .collect();
    let graded_losses: Vec<f64> = graded.iter().map(|&at| losses[at]).collect();
    let (smallest, smallest_value) = extreme(&graded_losses, false);
    let (_, largest_value) = extreme(&graded_losses, true);
    assert!(
        !sets[most].starts_with("graded_"),
        "the largest loss is off the graded sets"
    );
    says.says(
        "notes/most_constrained.md",
        format!(
            "Against `propagation` it loses most on `{}.txt`, {most_value:.0}-fold, of the sets in \
             this table; on the graded sets the gap is {smallest_value:.0}- to \
             {largest_value:.0}-fold, smallest on `{}.txt`.",
            sets[most], sets[graded[smallest]]
        ),
    );
    says.says(
        "notes/zh/most_constrained.md",
        format!(
            "与 `propagation` 相比，在这张表的题集里它在 `{}.txt` 上输得最多，差了 {most_value:.0} 倍；\
             在分级题集上差距是 {smallest_value:.0} 到 {largest_value:.0} 倍，最小的是 `{}.txt`。",
            sets[most], sets[graded[smallest]]
        ),
    );
    // propagation's table: most_constrained against propagation on the
    // first 1000 17-clue puzzles, a wider gap still.
    let variants = table(
        &read("notes/propagation.md"),
        "| set | solved and checked | `propagation` mean nodes |",
    );
    let clue17 = variants
        .iter()
        .find(|row| row[0].starts_with("`17clue.txt`"))
        .expect("the 17-clue row");
    let clue17_loss = number(&clue17[5]) / number(&clue17[2]);
    assert!(clue17_loss > most_value, "a wider gap on 17-clue puzzles");
    says.says(
        "notes/most_constrained.md",
        format!("shows a wider gap on the first 1000 17-clue puzzles, {clue17_loss:.0}-fold"),
    );
    says.says(
        "notes/zh/most_constrained.md",
        format!("在前 1000 道 17 提示数题目上差距更大，是 {clue17_loss:.0} 倍"),
    );
    says.done();
}

/// `propagation`'s variants table: without hidden singles, how close the
/// means come to `most_constrained`'s, and how far hidden singles cut them.
#[test]
fn propagation_s_hidden_singles_comparison_is_computed_from_its_table() {
    let mut says = Says::default();
    let rows = table(
        &read("notes/propagation.md"),
        "| set | solved and checked | `propagation` mean nodes |",
    );
    let with: Vec<f64> = rows.iter().map(|row| number(&row[2])).collect();
    let without: Vec<f64> = rows.iter().map(|row| number(&row[4])).collect();
    let tightest: Vec<f64> = rows.iter().map(|row| number(&row[5])).collect();
    let share: Vec<f64> = without
        .iter()
        .zip(&tightest)
        .map(|(w, t)| 100.0 * w / t)
        .collect();
    let cut: Vec<f64> = without.iter().zip(&with).map(|(w, p)| w / p).collect();
    let ((_, share_low), (_, share_high)) = (extreme(&share, false), extreme(&share, true));
    let ((_, cut_low), (_, cut_high)) = (extreme(&cut, false), extreme(&cut, true));
    assert!(
        share_high < 100.0,
        "without hidden singles, still under most_constrained"
    );
    says.says(
        "notes/propagation.md",
        format!(
            "Without hidden singles the means are {share_low:.0}% to {share_high:.0}% of \
             `most_constrained`'s: naked singles alone add little to branching on the tightest \
             cell. With hidden singles they fall {cut_low:.0}- to {cut_high:.0}-fold."
        ),
    );
    says.says(
        "notes/zh/propagation.md",
        format!(
            "去掉隐性唯一之后，平均值是 `most_constrained` 的 {share_low:.0}% 到 {share_high:.0}%：\
             仅靠唯一余数，比起在最紧的格子上分支并没有多大提升。加上隐性唯一，平均值下降 \
             {cut_low:.0} 到 {cut_high:.0} 倍。"
        ),
    );
    says.done();
}

/// The reading-order searches against the levels: `bitmask`'s table and the
/// interview's say which level costs them the most, and that easy costs more
/// than some harder levels.
#[test]
fn reading_order_against_the_levels_is_computed_from_the_tables() {
    let mut says = Says::default();
    let rows = table(
        &read("notes/bitmask.md"),
        "| set | puzzles | `bool_arrays` |",
    );
    let graded: Vec<(String, f64)> = rows
        .iter()
        .map(|row| (set_name(&row[0]), number(&row[3])))
        .filter(|(set, _)| set.starts_with("graded_"))
        .collect();
    let costs: Vec<f64> = graded.iter().map(|(_, cost)| *cost).collect();
    let (most, _) = extreme(&costs, true);
    let easy = costs[0];
    assert_eq!(graded[0].0, "graded_easy");
    let cheaper: Vec<&str> = graded
        .iter()
        .filter(|(_, cost)| *cost < easy)
        .map(|(set, _)| level_of(set))
        .collect();
    assert!(
        !cheaper.is_empty(),
        "some harder level costs less than easy"
    );
    let (english, chinese) = match cheaper.as_slice() {
        [one] => (one.to_string(), one.to_string()),
        [first @ .., last] => (
            format!("{} and {last}", first.join(", ")),
            format!("{} 和 {last}", first.join("、")),
        ),
        [] => unreachable!(),
    };
    says.says(
        "notes/bitmask.md",
        format!(
            "in this table easy costs more than {english}, and {} costs the most.",
            level_of(&graded[most].0)
        ),
    );
    says.says(
        "notes/zh/bitmask.md",
        format!(
            "在这张表里，easy 比 {chinese} 更费，最费的是 {}。",
            level_of(&graded[most].0)
        ),
    );
    // The interview's table: the same counts, level by level.
    let rows = table(&read("notes/interview.md"), "| set | mean nodes |");
    let levels: Vec<(String, f64)> = rows
        .iter()
        .map(|row| (set_name(&row[0]), number(&row[1])))
        .filter(|(set, _)| set.starts_with("graded_"))
        .collect();
    let costs: Vec<f64> = levels.iter().map(|(_, cost)| *cost).collect();
    assert!(
        costs.windows(2).any(|pair| pair[1] < pair[0]),
        "the counts do not rise with every level"
    );
    let (most, _) = extreme(&costs, true);
    says.says(
        "notes/interview.md",
        format!(
            "they do not rise from one level to the next, and the most is on `{}`.",
            levels[most].0
        ),
    );
    says.says(
        "notes/zh/interview.md",
        format!("它们并不随等级一级级上升，最多的是 `{}`。", levels[most].0),
    );
    says.done();
}

/// The human techniques note's level table: how the score and each family
/// of approaches move from easy to extreme.
#[test]
fn effort_against_level_is_computed_from_the_level_table() {
    let mut says = Says::default();
    let text = read("notes/human_techniques.md");
    let header = "| | easy | medium | hard | unfair | extreme |";
    let levels = ["easy", "medium", "hard", "unfair", "extreme"];
    let rows = table(&text, header);
    let row_of = |label: &str| -> Vec<f64> {
        rows.iter()
            .find(|row| row[0] == label)
            .unwrap_or_else(|| panic!("no row {label}"))[1..]
            .iter()
            .map(|cell| number(cell))
            .collect()
    };
    let score = row_of("mean score (`rate`)");
    assert!(
        score.windows(2).all(|pair| pair[0] < pair[1]),
        "the score climbs from level to level"
    );
    let growth = score[4] / score[0];
    // Rounded as `{:.0}` rounds, then grouped.
    let commas = |value: f64| {
        let whole: u64 = format!("{value:.0}").parse().expect("a count");
        sudoku37_tool::measure::format_count(whole)
    };
    says.says(
        "notes/human_techniques.md",
        format!(
            "({} on unfair, {} on extreme): {growth:.0}-fold from easy to extreme.",
            commas(score[3]),
            commas(score[4])
        ),
    );
    says.says(
        "notes/zh/human_techniques.md",
        format!(
            "（unfair {}，extreme {}）：从 easy 到 extreme 增至 {growth:.0} 倍。",
            commas(score[3]),
            commas(score[4])
        ),
    );
    // The approaches that place the same digits as scan_validate, level by
    // level: the reading-order family.
    let reading = row_of("`scan_validate` nodes");
    let family = rows
        .iter()
        .filter(|row| row[0].ends_with(" nodes"))
        .filter(|row| row[1..].iter().map(|cell| number(cell)).collect::<Vec<_>>() == reading)
        .count();
    assert!(reading[4] < reading[0], "fewer on extreme than on easy");
    let (most, _) = extreme(&reading, true);
    let columns = row_of("`available_sets` nodes");
    assert!(columns[4] < columns[0], "available_sets: fewer on extreme");
    says.says(
        "notes/human_techniques.md",
        format!(
            "The {} approaches that walk the cells in reading order, and `available_sets`, which \
             walks them column by column, visit fewer nodes on extreme puzzles than on easy ones \
             (the {} {} against {}, `available_sets` {} against {}), and the {} visit the most \
             on {} ones.",
            word(family),
            word(family),
            commas(reading[4]),
            commas(reading[0]),
            commas(columns[4]),
            commas(columns[0]),
            word(family),
            levels[most]
        ),
    );
    says.says(
        "notes/zh/human_techniques.md",
        format!(
            "按行优先顺序走格子的{}个解法，以及逐列走格子的 `available_sets`，在 extreme 题上 \
             访问的节点比 easy 题还少（那{}个是 {} 对 {}，`available_sets` 是 {} 对 {}），那{}个在 {} 题上访问得最多。",
            chinese_word(family),
            chinese_word(family),
            commas(reading[4]),
            commas(reading[0]),
            commas(columns[4]),
            commas(columns[0]),
            chinese_word(family),
            levels[most]
        ),
    );
    let tightest = row_of("`most_constrained` nodes");
    let ((_, low), (most, high)) = (extreme(&tightest, false), extreme(&tightest, true));
    says.says(
        "notes/human_techniques.md",
        format!(
            "`most_constrained` stays between {low:.0} and {high:.0} nodes, its most on {}.",
            levels[most]
        ),
    );
    says.says(
        "notes/zh/human_techniques.md",
        format!(
            "`most_constrained` 在 {low:.0} 到 {high:.0} 个节点之间，{} 上最多。",
            levels[most]
        ),
    );
    let propagation = row_of("`propagation` nodes");
    let dancing = row_of("`dancing_links` nodes");
    for counts in [&propagation, &dancing] {
        assert!(counts[4] < 2.0 * counts[0], "less than twice: {counts:?}");
        assert!(counts[4] > counts[0], "more on extreme: {counts:?}");
        assert!(counts[2] < counts[1], "a dip on hard: {counts:?}");
    }
    says.says(
        "notes/human_techniques.md",
        format!(
            "`propagation` and `dancing_links` end on extreme with less than twice their nodes \
             on easy ({:.0} to {:.0}, and {:.0} to {:.0}), each with a dip on hard;",
            propagation[0], propagation[4], dancing[0], dancing[4]
        ),
    );
    says.says(
        "notes/zh/human_techniques.md",
        format!(
            "`propagation` 与 `dancing_links` 在 extreme 上的节点数 不到 easy 上的两倍\
             （{:.0} 到 {:.0}，{:.0} 到 {:.0}），hard 上都略有回落；",
            propagation[0], propagation[4], dancing[0], dancing[4]
        ),
    );
    let guesses = row_of("`bitboard` nodes");
    assert_eq!(guesses, row_of("`bitboard_simd` nodes"));
    says.says(
        "notes/human_techniques.md",
        format!(
            "`bitboard` and `bitboard_simd` go from {:.0} nodes to {:.0}.",
            guesses[0], guesses[4]
        ),
    );
    says.says(
        "notes/zh/human_techniques.md",
        format!(
            "`bitboard` 和 `bitboard_simd` 从 {:.0} 个节点到 {:.0} 个。",
            guesses[0], guesses[4]
        ),
    );
    says.done();
}

/// The HoDoKu comparison on the graded sets: the range of the correlation
/// inside one set, the figure over all, and how many puzzles the two rate
/// differently, from the "same level" column.
#[test]
fn the_hodoku_comparison_is_computed_from_its_table() {
    let mut says = Says::default();
    let text = read("notes/human_techniques.md");
    let rows = table(&text, "| set | puzzles | Spearman (score) |");
    let (sets, all): (Vec<&Vec<String>>, Vec<&Vec<String>>) =
        rows.iter().partition(|row| row[0].starts_with("graded_"));
    let spearman: Vec<f64> = sets.iter().map(|row| number(&row[2])).collect();
    let ((low, low_value), (high, high_value)) =
        (extreme(&spearman, false), extreme(&spearman, true));
    let level = |row: &Vec<String>| level_of(&set_name(&row[0])).to_string();
    let extreme_set = sets
        .iter()
        .position(|row| row[0] == "graded_extreme.txt")
        .expect("graded_extreme");
    says.says(
        "notes/human_techniques.md",
        format!(
            "Inside one set the correlation is at most {high_value:.3} ({}) and at least \
             {low_value:.3} ({}), {:.3} on extreme",
            level(sets[high]),
            level(sets[low]),
            spearman[extreme_set]
        ),
    );
    says.says(
        "notes/zh/human_techniques.md",
        format!(
            "单个题集内的相关性最高是 {high_value:.3}（{}），最低是 {low_value:.3}（{}），extreme 为 {:.3}",
            level(sets[high]),
            level(sets[low]),
            spearman[extreme_set]
        ),
    );
    let over_all = number(&all[0][2]);
    let total: f64 = sets.iter().map(|row| number(&row[1])).sum();
    says.says(
        "notes/human_techniques.md",
        format!("Over all {total:.0} puzzles it is {over_all:.3}"),
    );
    // Puzzles given another level: the share not at the same level, set by
    // set.
    let apart: Vec<(String, f64)> = sets
        .iter()
        .map(|row| {
            let puzzles = number(&row[1]);
            (
                level(row),
                (puzzles * (100.0 - number(&row[3])) / 100.0).round(),
            )
        })
        .collect();
    let differ: f64 = apart.iter().map(|(_, count)| count).sum();
    let where_: Vec<&str> = apart
        .iter()
        .filter(|(_, count)| *count > 0.0)
        .map(|(level, _)| level.as_str())
        .collect();
    says.says(
        "notes/human_techniques.md",
        format!(
            "the two give different levels to {differ:.0} puzzles of {total:.0}, all in the {} sets",
            where_.join(" and ")
        ),
    );
    says.says(
        "notes/zh/human_techniques.md",
        format!(
            "两者给出不同等级的题有 {differ:.0} 道（共 {total:.0} 道），全在 {} 两个题集里",
            where_.join(" 和 ")
        ),
    );
    // The parts the script prints on stderr add up to that count.
    says.says(
        "notes/human_techniques.md",
        "HoDoKu rates 33 of them lower than this solver: 18 unfair and 6 extreme puzzles it \
         calls hard, 9 extreme ones it calls unfair. The other 16",
    );
    assert_eq!(18 + 6 + 9, 33);
    assert_eq!(
        differ,
        (33 + 16) as f64,
        "the lower and the higher make up the count"
    );
    says.done();
}

/// `bitboard`'s guesses against tdoku's: on how many rows tdoku guesses
/// less, by how much at most and where, and on how many more.
#[test]
fn bitboard_against_tdoku_is_computed_from_the_guesses_table() {
    let mut says = Says::default();
    let rows = table(
        &read("notes/bitboard.md"),
        "| set | mode | `bitboard` | tdoku |",
    );
    let pairs: Vec<(String, String, f64, f64)> = rows
        .iter()
        .map(|row| {
            let set = row[0].split(" (").next().unwrap().to_string();
            (set, row[1].clone(), number(&row[2]), number(&row[3]))
        })
        .collect();
    let fewer: Vec<&(String, String, f64, f64)> = pairs
        .iter()
        .filter(|(_, _, ours, theirs)| theirs < ours)
        .collect();
    let more = pairs
        .iter()
        .filter(|(_, _, ours, theirs)| theirs > ours)
        .count();
    let savings: Vec<f64> = fewer
        .iter()
        .map(|(_, _, ours, theirs)| 100.0 * (1.0 - theirs / ours))
        .collect();
    let (best, best_value) = extreme(&savings, true);
    says.says(
        "notes/bitboard.md",
        format!(
            "tdoku guesses less on {} of the {} rows, up to {best_value:.0}% less ({}, {}), and \
             more on {};",
            word(fewer.len()),
            word(pairs.len()),
            fewer[best].0,
            fewer[best].1,
            word(more)
        ),
    );
    let mode_zh = |mode: &str| match mode {
        "first solution" => "第一个解",
        "count to 2" => "数到 2",
        other => panic!("a mode {other}"),
    };
    says.says(
        "notes/zh/bitboard.md",
        format!(
            "tdoku 在{}行中的{}行上猜得更少，最多少 {best_value:.0}%（{}，{}），在{}行上猜得更多；",
            chinese_word(pairs.len()),
            chinese_word(fewer.len()),
            fewer[best].0,
            mode_zh(&fewer[best].1),
            chinese_word(more)
        ),
    );
    says.done();
}

/// The overview's run, as `bitmask`'s note reads it: the reading-order
/// approaches finished no 17-clue puzzle within their budget.
#[test]
fn the_reading_order_approaches_on_17clue_are_read_from_the_overview_block() {
    let overview = read("notes/overview.md");
    let rows = table(&overview, "| approach | leetcode_example |");
    let header = overview
        .lines()
        .find(|line| line.starts_with("| approach | leetcode_example |"))
        .unwrap();
    let column = header
        .trim_matches('|')
        .split('|')
        .position(|cell| cell.trim() == "17clue")
        .expect("a 17clue column");
    for approach in ["`bool_arrays`", "`bitmask`"] {
        let row = rows.iter().find(|row| row[0] == approach).unwrap();
        assert_eq!(
            row[column], "0*",
            "{approach} on 17clue in the overview's run"
        );
    }
    let budget = overview.contains("Budget 2 s per approach per set.");
    assert!(budget, "the overview's budget is 2 s");
    let mut says = Says::default();
    says.says(
        "notes/bitmask.md",
        "In the overview's run, neither reading-order approach finished a single `17clue` \
         puzzle within its 2 s budget.",
    );
    says.says(
        "notes/zh/bitmask.md",
        "在总览的那次运行里，两种行优先的解法在各自 2 s 的预算内连一道 `17clue` 题都没有解完。",
    );
    says.done();
}

/// `bitboard_simd`'s margins over the crate and tdoku are read off the race
/// blocks by a program, never by eye: the benchmark page's margins block
/// must be what its two race blocks say now.
#[test]
fn bitboard_simd_s_margins_are_computed_from_the_race_blocks() {
    let page = read("notes/benchmarks.md");
    let expected = margins_block(&page).expect("both race blocks");
    computed_block_is(
        &page,
        (race_builds::MARGINS_BEGIN, race_builds::MARGINS_END),
        &expected,
    );
}

/// The benchmark page's block between `markers` is `expected`, what
/// `race_builds` computes from the race blocks now, and names its command
/// and machine.
fn computed_block_is(page: &str, (begin, end): (&str, &str), expected: &str) {
    let (from, to) = sudoku37_tool::compare::block::find(page, begin, end)
        .unwrap_or_else(|| panic!("notes/benchmarks.md: no block {begin}"));
    let block = &page[from..to];
    let inner = block.trim_start_matches(begin).trim_end_matches(end).trim();
    pretty_assertions::assert_eq!(
        inner,
        expected.trim(),
        "notes/benchmarks.md: run `{}`",
        race_builds::COMMAND
    );
    let lines: Vec<&str> = block.lines().collect();
    assert!(crate::notes::names_command_and_machine(&lines));
}

/// The margins block `race_builds` computes from `page`'s race blocks.
fn margins_block(page: &str) -> Result<String, String> {
    race_builds::blocks(page).map(|[_, (_, _, margins)]| margins)
}

/// Two small race blocks, with `bitboard_simd`'s ratios to the crate and
/// tdoku as given: (set, mode, crate's ratio and range, tdoku's).
fn race_blocks(rows: &[(&str, &str, &str, &str)], load: &str) -> String {
    let mut page = String::new();
    for (begin, end) in [
        ("<!-- race: begin -->", "<!-- race: end -->"),
        ("<!-- race native: begin -->", "<!-- race native: end -->"),
    ] {
        page.push_str(begin);
        page.push_str(&format!(
            "\n\nCPU: Some CPU (cpu family 6, model 167), with AVX-512; 2 logical cores. Load \
             average {load} on 2 cores as it began; run at nice 0.\n\n"
        ));
        for (set, mode, crate_ratio, tdoku_ratio) in rows {
            let (ours, crate_name, tdoku_name) = if *mode == "count to 2" {
                ("bitboard count", "sudoku crate count", "tdoku limit 2")
            } else {
                ("bitboard cells", "sudoku crate", "tdoku limit 1")
            };
            page.push_str(&format!(
                "| {set} | {mode} | {ours} | 100.0k/s | 1.000x | 1.00–1.00 | 1.300x | 1.20–1.40 | 1.00 |\n\
                 | {set} | {mode} | {crate_name} | 90.0k/s | 1.100x | 1.00–1.20 | {crate_ratio} | - |\n\
                 | {set} | {mode} | {tdoku_name} | 80.0k/s | 1.200x | 1.10–1.30 | {tdoku_ratio} | 1.00 |\n"
            ));
        }
        page.push_str(end);
        page.push_str("\n\n");
    }
    page
}

/// `page` (from [`race_blocks`]) with the rows the race adds on a CPU with
/// AVX-512, for `set` in `mode`, at the end of each block: the library's
/// AVX-512 copy at 110.0k/s, and the library forced to its AVX2 copy at
/// 100.0k/s in the default block and 125.0k/s in the native one.
fn with_library_copies(mut page: String, set: &str, mode: &str) -> String {
    let library = if mode == "count to 2" {
        "bitboard_simd library count"
    } else {
        "bitboard_simd library"
    };
    for (end, avx2) in [
        ("<!-- race: end -->", "100.0k/s"),
        ("<!-- race native: end -->", "125.0k/s"),
    ] {
        page = page.replace(
            end,
            &format!(
                "| {set} | {mode} | {library} | 110.0k/s | 0.900x | 0.90–0.90 | 1.000x | \
                 1.00–1.00 | 1.00 |\n\
                 | {set} | {mode} | {library} AVX2 | {avx2} | 0.900x | 0.90–0.90 | 1.000x | \
                 1.00–1.00 | 1.00 |\n{end}"
            ),
        );
    }
    page
}

#[test]
fn the_margins_block_names_every_ratio_below_the_target_and_the_lowest() {
    let page = race_blocks(
        &[
            (
                "hardest (375)",
                "first solution",
                "1.680x | 1.60–1.75",
                "1.050x | 0.98–1.10",
            ),
            (
                "hardest (375)",
                "count to 2",
                "1.680x | 1.61–1.70",
                "1.250x | 1.19–1.30",
            ),
            (
                "17clue (40000)",
                "first solution",
                "1.500x | 1.40–1.55",
                "1.620x | 1.50–1.70",
            ),
        ],
        "0.50",
    );
    let text = margins_block(&page).expect("two blocks");
    assert!(
        text.contains("| hardest (375) | first solution | 1.680x (1.60) | 1.050x (0.98) | 1.680x (1.60) | 1.050x (0.98) |"),
        "{text}"
    );
    assert!(
        text.contains("10 of these 12 median ratios are at or above 1.20x."),
        "{text}"
    );
    assert!(
        text.contains(
            "The lowest is 1.050x (against tdoku on hardest (375), first solution, default build)"
        ),
        "{text}"
    );
    assert!(
        text.contains("Below 1.20x: 1.050x (against tdoku on hardest (375), first solution, default build); 1.050x (against tdoku on hardest (375), first solution, native build)."),
        "{text}"
    );
    assert!(text.contains("the lowest single round, 0.98x"), "{text}");
    assert!(!text.contains("busier"), "{text}");

    // Every ratio at the target counts as reached; a busy machine is said.
    let page = race_blocks(
        &[(
            "easy (5000)",
            "count to 2",
            "1.200x | 1.10–1.30",
            "2.000x | 1.90–2.10",
        )],
        "3.10",
    );
    let text = margins_block(&page).expect("two blocks");
    assert!(
        text.contains("4 of these 4 median ratios are at or above 1.20x."),
        "{text}"
    );
    assert!(!text.contains("Below"), "{text}");
    assert!(
        text.contains("no conclusion is drawn from these figures"),
        "{text}"
    );

    // Blocks without rows are an error, not a block of no margins.
    assert!(margins_block(&race_blocks(&[], "0.50")).is_err());
}

/// The library's AVX-512 copy is kept or dropped on what the race blocks
/// say of it beside the library forced to its AVX2 copy: the builds block
/// computes the change row by row, and says so when the race made no such
/// rows (a CPU without AVX-512).
#[test]
fn the_avx512_copy_against_the_avx2_copy_is_computed_from_the_race_blocks() {
    let rows = [(
        "hardest (375)",
        "count to 2",
        "1.680x | 1.61–1.70",
        "1.250x | 1.19–1.30",
    )];
    let builds_block = |page: &str| race_builds::blocks(page).expect("two blocks")[0].2.clone();
    let text = builds_block(&race_blocks(&rows, "0.50"));
    assert!(
        text.contains("neither block has the rows that force the library to its AVX2 copy"),
        "{text}"
    );

    let with_copies =
        with_library_copies(race_blocks(&rows, "0.50"), "hardest (375)", "count to 2");
    let text = builds_block(&with_copies);
    assert!(
        text.contains(
            "| hardest (375) | count to 2 | default build | 110.0k/s | 100.0k/s | +10.0% |"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "| hardest (375) | count to 2 | native build | 110.0k/s | 125.0k/s | -12.0% |"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "by -12.0% to +10.0% (median -1.0%); it is the faster of the two on 1 of them."
        ),
        "{text}"
    );
}

/// `bitboard_simd`'s note says the library takes its AVX-512 copy only
/// while the race blocks show it the faster of the two copies on most rows.
/// Where the blocks have those rows and show otherwise, the lines of
/// `dispatch` that take it (between the library-only markers) must go, or
/// the blocks be made again.
#[test]
fn the_library_takes_the_avx512_copy_only_where_the_race_blocks_show_it_faster() {
    let page = read("notes/benchmarks.md");
    let source = read("src/approaches/bitboard_simd.rs");
    let library_only = source
        .split(sudoku37::paste::LIBRARY_ONLY_START)
        .nth(1)
        .and_then(|rest| rest.split(sudoku37::paste::LIBRARY_ONLY_END).next())
        .unwrap_or("");
    let takes_it = library_only.contains("search_ice_lake(");
    match race_builds::avx512_copy_faster_on(&page).expect("both race blocks") {
        Some((faster, rows)) if takes_it => assert!(
            2 * faster > rows,
            "notes/benchmarks.md: the AVX-512 copy is the faster on only {faster} of {rows} \
             rows, yet `dispatch` takes it: remove its library-only lines, or race again"
        ),
        _ => {}
    }
    // The count itself, on made-up blocks: faster in the default build,
    // slower in the native one.
    let mut made = race_blocks(
        &[(
            "hardest (375)",
            "first solution",
            "1.680x | 1.61–1.70",
            "1.250x | 1.19–1.30",
        )],
        "0.50",
    );
    assert_eq!(race_builds::avx512_copy_faster_on(&made), Ok(None));
    made = with_library_copies(made, "hardest (375)", "first solution");
    assert_eq!(race_builds::avx512_copy_faster_on(&made), Ok(Some((1, 2))));
}

/// Where `bitboard_simd`'s lead comes from is said in one place: the
/// benchmark page's block computed from its two race blocks, which must be
/// what those blocks say now. The approach's notes make no such claim of
/// their own (they said `POPCNT` was what `bitboard` missed most, which the
/// blocks contradicted).
#[test]
fn where_bitboard_simd_s_gain_comes_from_is_computed_from_the_race_blocks() {
    let page = read("notes/benchmarks.md");
    let expected = race_builds::blocks(&page).expect("both race blocks")[0]
        .2
        .clone();
    computed_block_is(&page, (race_builds::BEGIN, race_builds::END), &expected);
    for (note, claims) in [
        (
            "notes/bitboard_simd.md",
            &["misses most", "most of the gain", "most to gain"][..],
        ),
        (
            "notes/zh/bitboard_simd.md",
            &["最缺", "收益大部分", "最有可能得益"][..],
        ),
    ] {
        let text = read(note);
        for claim in claims {
            assert!(
                !text.contains(claim),
                "{note} says {claim:?}: where the gain comes from is the benchmark page's computed block"
            );
        }
        assert!(
            text.contains("benchmarks.md#the-two-builds-side-by-side"),
            "{note} links the computed block"
        );
    }
}
