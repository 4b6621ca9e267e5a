//! The Markdown side of the doc tests: fenced blocks, the markers before them, and the commands
//! and expected output in them, with the lines they stand on (for messages and for blessing).

/// What a fenced block is for, from its info string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// ```` ```console ````: a transcript, `$ CMD` lines and the output each prints.
    Console,
    /// ```` ```sh ````: commands, run, output not compared.
    Sh,
    /// Anything else: output, tables, code; must hold no command.
    Other,
}

/// A `<!-- doc-test: ... -->` line before a block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Marker {
    /// Not run, for the reason given.
    Skip(String),
    /// Run only in the slow suite (`DOCS_SLOW=1`).
    Slow,
    /// Run only when these programs are on `PATH` (`cadical`), or this build has the cargo
    /// feature (`feature=cadical`); counted as skipped otherwise.
    Needs(Vec<String>),
    /// Expected lines starting with this text are progress that only a terminal shows on
    /// stderr: not compared.
    Progress(String),
}

/// One command of a block.
#[derive(Clone, Debug)]
pub struct Step {
    /// 1-based line of the command in the file.
    pub line: usize,
    pub command: String,
    /// A `make` line of a `sh` block: checked with `make -n`, not run.
    pub make: bool,
    /// Console blocks: the output the document shows.
    pub expected: Option<Vec<String>>,
    /// The 0-based lines `[start, end)` of that output in the file (trailing blank lines left out).
    pub span: (usize, usize),
}

#[derive(Clone, Debug)]
pub struct Block {
    pub kind: Kind,
    /// The fence's indentation, which every line of the block carries.
    pub indent: String,
    pub markers: Vec<Marker>,
    pub steps: Vec<Step>,
    /// Other blocks: lines that look like a queensat command (`queensat ...`, or `$ ...` with
    /// `queensat ` in it), 1-based.
    pub stray: Vec<usize>,
}

const MARK: &str = "<!-- doc-test:";

fn marker(line: &str) -> Option<Result<Marker, String>> {
    let body = line.trim().strip_prefix(MARK)?.strip_suffix("-->")?.trim();
    let (word, rest) = body.split_once(' ').unwrap_or((body, ""));
    let rest = rest.trim();
    Some(match word {
        "skip" if !rest.is_empty() => Ok(Marker::Skip(rest.to_string())),
        "skip" => Err("`skip` needs a reason".into()),
        "slow" => Ok(Marker::Slow),
        "needs" if !rest.is_empty() => Ok(Marker::Needs(rest.split_whitespace().map(String::from).collect())),
        "progress" if !rest.is_empty() => Ok(Marker::Progress(rest.trim_matches('"').to_string())),
        _ => Err(format!(
            "unknown marker `{body}` (skip REASON, slow, needs PROG..., progress PREFIX)"
        )),
    })
}

fn blank(l: &str) -> bool {
    l.trim().is_empty()
}

/// Every fenced block of `text`, with its markers and steps.
pub fn parse(text: &str) -> Result<Vec<Block>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let t = lines[i].trim_start();
        if !t.starts_with("```") {
            if lines[i].contains(MARK)
                && !lines
                    .get(i + 1)
                    .is_some_and(|n| n.contains(MARK) || n.trim_start().starts_with("```"))
            {
                return Err(format!(
                    "line {}: a doc-test marker must stand right before a fenced block",
                    i + 1
                ));
            }
            i += 1;
            continue;
        }
        let indent = lines[i][..lines[i].len() - t.len()].to_string();
        // A fence of more backticks holds lines of three (a report that shows code blocks).
        let ticks = t.len() - t.trim_start_matches('`').len();
        let info = t.trim_start_matches('`').trim();
        let kind = match info.split_whitespace().next() {
            Some("console") => Kind::Console,
            Some("sh") => Kind::Sh,
            _ => Kind::Other,
        };
        let mut markers = Vec::new();
        let mut m = i;
        while m > 0 && lines[m - 1].contains(MARK) {
            m -= 1;
            match marker(lines[m]) {
                Some(Ok(k)) => markers.push(k),
                Some(Err(e)) => return Err(format!("line {}: {e}", m + 1)),
                None => {
                    return Err(format!(
                        "line {}: a doc-test marker stands alone on its line",
                        m + 1
                    ));
                }
            }
        }
        let open = i;
        let mut end = i + 1;
        while end < lines.len() && !is_fence_end(lines[end], ticks) {
            end += 1;
        }
        if end == lines.len() {
            return Err(format!("line {}: the block is never closed", open + 1));
        }
        // The block's lines without the fence's indentation, with their 0-based line numbers.
        let body: Vec<(usize, &str)> = (open + 1..end)
            .map(|j| (j, lines[j].strip_prefix(indent.as_str()).unwrap_or(lines[j])))
            .collect();
        let mut block = Block {
            kind: kind.clone(),
            indent,
            markers,
            steps: Vec::new(),
            stray: Vec::new(),
        };
        match kind {
            Kind::Console => console_steps(&body, &mut block)?,
            Kind::Sh => sh_steps(&body, &mut block),
            Kind::Other => {
                block.stray = body
                    .iter()
                    .filter(|(_, l)| {
                        l.trim_start_matches("$ ").starts_with("queensat ")
                            || (l.starts_with("$ ") && l.contains("queensat "))
                    })
                    .map(|(j, _)| j + 1)
                    .collect();
            }
        }
        blocks.push(block);
        i = end + 1;
    }
    Ok(blocks)
}

/// Whether `line` closes a block opened by `ticks` backticks.
fn is_fence_end(line: &str, ticks: usize) -> bool {
    let t = line.trim();
    t.len() >= ticks && t.chars().all(|c| c == '`')
}

/// A command and the lines that continue it (a line ending in `\`); returns it and the index
/// of the first line after it.
fn joined(body: &[(usize, &str)], at: usize, first: &str) -> (String, usize) {
    let mut cmd = first.to_string();
    let mut k = at + 1;
    // bash reads the backslash and line end as a continuation, as when pasted.
    while cmd.ends_with('\\') && k < body.len() {
        cmd.push('\n');
        cmd.push_str(body[k].1);
        k += 1;
    }
    (cmd, k)
}

fn console_steps(body: &[(usize, &str)], block: &mut Block) -> Result<(), String> {
    let mut k = 0;
    while k < body.len() {
        let (j, l) = body[k];
        let Some(first) = l.strip_prefix("$ ") else {
            return Err(format!("line {}: console output before any `$ ` command", j + 1));
        };
        let (command, next) = joined(body, k, first);
        let mut stop = next;
        while stop < body.len() && !body[stop].1.starts_with("$ ") {
            stop += 1;
        }
        let mut last = stop;
        while last > next && blank(body[last - 1].1) {
            last -= 1;
        }
        let expected: Vec<String> = body[next..last].iter().map(|(_, l)| l.to_string()).collect();
        // Where the output starts: the line after the command (and its continuation lines).
        let start = body[next - 1].0 + 1;
        block.steps.push(Step {
            line: j + 1,
            command,
            make: false,
            expected: Some(expected),
            span: (start, start + (last - next)),
        });
        k = stop;
    }
    Ok(())
}

fn sh_steps(body: &[(usize, &str)], block: &mut Block) {
    let mut k = 0;
    while k < body.len() {
        let (j, l) = body[k];
        let t = l.trim();
        if t.is_empty() || t.starts_with('#') {
            k += 1;
            continue;
        }
        let (command, next) = joined(body, k, l);
        block.steps.push(Step {
            line: j + 1,
            make: t.starts_with("make "),
            command,
            expected: None,
            span: (j, j),
        });
        k = next;
    }
}

/// The commands of `text`'s prose, outside its fenced blocks: each backticked span that starts
/// with `queensat SUBCOMMAND ` or `make ` (as a result file's "Made by `make nk-k1`"), with
/// the 1-based line its paragraph starts on. A paragraph's lines are read as one, since a span
/// may wrap across them.
pub fn prose_commands(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut paragraph: Vec<&str> = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < lines.len() {
        let t = lines[i].trim_start();
        if t.starts_with("```") || t.is_empty() {
            found.extend(spans(&paragraph.join(" ")).into_iter().map(|c| (start, c)));
            paragraph.clear();
        }
        if t.starts_with("```") {
            let ticks = t.len() - t.trim_start_matches('`').len();
            i += 1;
            while i < lines.len() && !is_fence_end(lines[i], ticks) {
                i += 1;
            }
        } else if !t.is_empty() {
            if paragraph.is_empty() {
                start = i + 1;
            }
            paragraph.push(lines[i].trim());
        }
        i += 1;
    }
    found.extend(spans(&paragraph.join(" ")).into_iter().map(|c| (start, c)));
    found
}

/// The code spans of one paragraph that hold a command (a span opens and closes on runs of as
/// many backticks).
fn spans(paragraph: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = paragraph;
    while let Some(open) = rest.find('`') {
        let after = &rest[open..];
        let ticks = after.len() - after.trim_start_matches('`').len();
        let body = &after[ticks..];
        let fence = "`".repeat(ticks);
        let Some(close) = body.find(&fence) else { break };
        let span = body[..close].trim();
        let command = span.strip_prefix("queensat ").is_some_and(|r| {
            let sub = r.split_whitespace().next().unwrap_or("");
            sub.chars().all(|c| c.is_ascii_lowercase() || c == '-')
        });
        if command || span.starts_with("make ") {
            found.push(span.to_string());
        }
        rest = &body[close + ticks..];
    }
    found
}
