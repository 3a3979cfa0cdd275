//! The language a learner reads: a stub's comments, the checker's report,
//! the hints, and the notes they link to (`notes/` or `notes/zh/`).

/// English or Chinese, remembered per practice folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    English,
    Chinese,
}

impl Language {
    /// A stage's name as the report's prose says it: `own cases`,
    /// `leetcode_example`, `graded_easy` and `compile` as they are in
    /// English (and in the JSON report), translated in Chinese.
    pub fn stage_name(self, name: &str) -> String {
        match self {
            Language::English => name.to_string(),
            Language::Chinese => match name {
                "own cases" => "自己的用例".to_string(),
                "leetcode_example" => "力扣示例".to_string(),
                "compile" => "编译".to_string(),
                graded => format!("{graded} 题集"),
            },
        }
    }

    /// A case's place as the report's prose says it: `own case 2`,
    /// `graded_easy line 7`, and in Chinese `自己的用例 2`,
    /// `graded_easy 题集第 7 行`.
    pub fn place(self, place: &str) -> String {
        match self {
            Language::English => place.to_string(),
            Language::Chinese => {
                if let Some(number) = place.strip_prefix("own case ") {
                    return format!("自己的用例 {number}");
                }
                match place.rsplit_once(" line ") {
                    Some((set, line)) => format!("{}第 {line} 行", self.stage_name(set)),
                    None => place.to_string(),
                }
            }
        }
    }

    /// A verdict as the report's prose says it: LeetCode's words, in
    /// English as LeetCode writes them and in Chinese as leetcode.cn does.
    pub fn verdict(self, verdict: &str) -> String {
        match self {
            Language::English => verdict.to_string(),
            Language::Chinese => match verdict {
                "Accepted" => "通过",
                "Wrong Answer" => "解答错误",
                "Time Limit Exceeded" => "超出时间限制",
                "Memory Limit Exceeded" => "超出内存限制",
                "Output Limit Exceeded" => "超出输出限制",
                "Runtime Error" => "执行出错",
                "Compile Error" => "编译出错",
                "Not Counted" => "未计数",
                "Over the Node Budget" => "超出节点上限",
                other => other,
            }
            .to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stage_names_places_and_verdicts_read_in_chinese_and_stay_as_they_are_in_english() {
        let zh = Language::Chinese;
        assert_eq!(zh.stage_name("own cases"), "自己的用例");
        assert_eq!(zh.place("own case 2"), "自己的用例 2");
        assert_eq!(zh.place("leetcode_example line 3"), "力扣示例第 3 行");
        assert_eq!(zh.place("graded_easy line 7"), "graded_easy 题集第 7 行");
        assert_eq!(zh.verdict("Wrong Answer"), "解答错误");
        assert_eq!(Language::English.place("own case 2"), "own case 2");
        // Every verdict the judge gives has its Chinese words.
        use crate::judge::Verdict;
        for verdict in [
            Verdict::Accepted,
            Verdict::WrongAnswer,
            Verdict::TimeLimitExceeded,
            Verdict::MemoryLimitExceeded,
            Verdict::OutputLimitExceeded,
            Verdict::RuntimeError,
            Verdict::CompileError,
            Verdict::NotCounted,
            Verdict::OverNodeBudget,
        ] {
            let english = verdict.to_string();
            assert_ne!(zh.verdict(&english), english, "{english}");
        }
    }
}
