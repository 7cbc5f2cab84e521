//! Renders a [`BalanceReport`] into the files of a balance report folder.
//!
//! * `report.md` and `report.html` show the same content: the summary first, how the run was
//!   produced, then seat advantage, game shape, causal card strength, the observational
//!   (correlational) card metrics, skill expression and the list of files. Both pages are
//!   built from one small document model (`Block` / `Span`) so they cannot drift apart;
//!   the HTML page is self-contained (inline style, charts embedded as inline SVG).
//! * `seats.svg`, `cards.svg` and the histograms are standalone SVG strings written by hand
//!   (no scripts, no external references, `sans-serif` text).
//! * `seats.csv`, `cards.csv` and the distribution tables use the `csv` crate;
//!   `report.json` is the report serialised as is.
//!
//! Win rates and strengths are fractions in the report (0.25 = 25%); the pages show them as
//! percentages and percentage points ("pp"). Every number goes through a helper that turns a
//! non-finite value into `n/a` (text) or 0 (coordinates), so no output contains `NaN` or `inf`.

use std::fmt::Write as _;

use super::report::{BalanceReport, CardRow, CategoryRow, Distribution, SeatRow, TypeRow};

// ------------------------------------------------------------------------------------------
// The report folder
// ------------------------------------------------------------------------------------------

const TURNS_TITLE: &str = "Game length (turns per game)";
const HANDS_TITLE: &str = "Hands per game";
const POINTS_TITLE: &str = "Points per seat at the end of the game";

/// The files of a report folder, in the order [`files`] returns them.
pub const FILE_NAMES: [&str; 15] = [
    "report.md",
    "report.html",
    "report.json",
    "seats.csv",
    "types.csv",
    "cards.csv",
    "turns.csv",
    "hands.csv",
    "points.csv",
    "seats.svg",
    "types.svg",
    "cards.svg",
    "turns.svg",
    "hands.svg",
    "points.svg",
];

/// Every file of the report folder, named and ordered as in [`FILE_NAMES`].
pub fn files(r: &BalanceReport) -> Result<Vec<(&'static str, Vec<u8>)>, String> {
    let mut json = serde_json::to_string_pretty(r).map_err(|e| format!("report.json: {e}"))?;
    json.push('\n');
    let dist =
        |name: &str, d: &Distribution| distribution_csv(d).map_err(|e| format!("{name}: {e}"));
    let svg = |s: String| {
        let mut bytes = s.into_bytes();
        bytes.push(b'\n');
        bytes
    };
    Ok(vec![
        ("report.md", markdown(r).into_bytes()),
        ("report.html", html(r).into_bytes()),
        ("report.json", json.into_bytes()),
        ("seats.csv", seats_csv(r)?),
        ("types.csv", types_csv(r)?),
        ("cards.csv", cards_csv(r)?),
        ("turns.csv", dist("turns.csv", &r.shape.turns)?),
        ("hands.csv", dist("hands.csv", &r.shape.hands)?),
        ("points.csv", dist("points.csv", &r.shape.points)?),
        ("seats.svg", svg(seats_svg(r))),
        ("types.svg", svg(types_svg(r))),
        ("cards.svg", svg(cards_svg(r))),
        ("turns.svg", svg(histogram_svg(&r.shape.turns, TURNS_TITLE))),
        ("hands.svg", svg(histogram_svg(&r.shape.hands, HANDS_TITLE))),
        (
            "points.svg",
            svg(histogram_svg(&r.shape.points, POINTS_TITLE)),
        ),
    ])
}

// ------------------------------------------------------------------------------------------
// Number formatting (text)
// ------------------------------------------------------------------------------------------

/// Shown for a value that is not a finite number.
const NA: &str = "n/a";

/// Replaces a non-finite value by 0 (for coordinates and arithmetic).
fn fin(x: f64) -> f64 {
    if x.is_finite() {
        x
    } else {
        0.0
    }
}

/// A fraction as a percentage: `0.2628` → `26.28%`.
fn pct(x: f64) -> String {
    if x.is_finite() {
        format!("{:.2}%", x * 100.0)
    } else {
        NA.to_string()
    }
}

/// A fraction as signed percentage points, without the unit: `0.0123` → `+1.23`.
fn signed_pp(x: f64) -> String {
    if !x.is_finite() {
        return NA.to_string();
    }
    let v = x * 100.0;
    // Avoid "-0.00" for tiny negative values.
    let v = if v.abs() < 0.005 { 0.0 } else { v };
    format!("{v:+.2}")
}

/// A fraction as signed percentage points: `0.0123` → `+1.23 pp`.
fn pp(x: f64) -> String {
    if x.is_finite() {
        format!("{} pp", signed_pp(x))
    } else {
        NA.to_string()
    }
}

/// A 95% interval of a difference in pp: `[+0.51, +1.95]`.
fn ci_pp((lo, hi): (f64, f64)) -> String {
    format!("[{}, {}]", signed_pp(lo), signed_pp(hi))
}

/// A 95% interval of a rate: `[24.10%, 28.50%]`.
fn ci_pct((lo, hi): (f64, f64)) -> String {
    format!("[{}, {}]", pct(lo), pct(hi))
}

/// A p-value: `0.0123`, `3.2e-5` or `<1e-6` (every p-value the report shows in text, the
/// summary's included, goes through this and [`p_is`]).
pub(crate) fn p_text(p: f64) -> String {
    if !p.is_finite() {
        NA.to_string()
    } else if p < 1e-6 {
        "<1e-6".to_string()
    } else if p < 1e-4 {
        format!("{p:.1e}")
    } else {
        format!("{p:.4}")
    }
}

/// A p-value in a sentence: `p = 0.0123`, `p = 3.2e-5` or `p < 1e-6`.
pub(crate) fn p_is(p: f64) -> String {
    let text = p_text(p);
    match text.strip_prefix('<') {
        Some(bound) => format!("p < {bound}"),
        None => format!("p = {text}"),
    }
}

/// A plain number with a fixed number of decimals.
fn fixed(x: f64, decimals: usize) -> String {
    if x.is_finite() {
        format!("{x:.decimals$}")
    } else {
        NA.to_string()
    }
}

/// An integer with thousands separators: `1234567` → `1,234,567`.
fn count(n: u64) -> String {
    let digits = n.to_string();
    // Groups of three digits from the right (all ASCII, so byte chunks are valid UTF-8).
    let mut groups: Vec<&str> = digits
        .as_bytes()
        .rchunks(3)
        .map(|g| std::str::from_utf8(g).unwrap_or_default())
        .collect();
    groups.reverse();
    groups.join(",")
}

/// A non-negative rate rounded to a whole number with thousands separators.
fn rate(x: f64) -> String {
    if x.is_finite() && x >= 0.0 {
        count(x.round() as u64)
    } else {
        NA.to_string()
    }
}

/// Shortens `s` to at most `max` characters, marking the cut with `…`.
fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

// ------------------------------------------------------------------------------------------
// Escaping
// ------------------------------------------------------------------------------------------

/// Escapes text for XML / HTML content and attribute values.
/// Also used by the training curve chart (`train::curve`).
pub(crate) fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Escapes plain text for Markdown: characters that would start emphasis, code or an HTML tag,
/// and `|` inside table cells. Line breaks become spaces. Brackets stay as they are: without a
/// link target or reference definition, `[a, b]` is plain text.
fn md_escape(s: &str, in_table: bool) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    for (i, &c) in chars.iter().enumerate() {
        let prev = if i > 0 { chars.get(i - 1) } else { None };
        let next = chars.get(i + 1);
        match c {
            '\n' | '\r' => out.push(' '),
            '\\' | '`' | '*' => {
                out.push('\\');
                out.push(c);
            }
            '|' if in_table => out.push_str("\\|"),
            // Intra-word underscores (snake_case) are literal in CommonMark; others may not be.
            '_' => {
                let inner = prev.is_some_and(|p| p.is_alphanumeric())
                    && next.is_some_and(|n| n.is_alphanumeric());
                if !inner {
                    out.push('\\');
                }
                out.push('_');
            }
            // `<` only starts raw HTML when followed by a letter, `/`, `!` or `?`.
            '<' if next.is_some_and(|n| n.is_ascii_alphabetic() || "/!?".contains(*n)) => {
                out.push_str("\\<");
            }
            _ => out.push(c),
        }
    }
    out
}

/// A Markdown code span that survives backticks (and `|` inside tables).
fn md_code(s: &str, in_table: bool) -> String {
    let mut s = s.replace(['\n', '\r'], " ");
    if in_table {
        s = s.replace('|', "\\|");
    }
    if s.is_empty() {
        return String::new();
    }
    let delim = "`".repeat(longest_run(&s, '`') + 1);
    if s.starts_with('`') || s.ends_with('`') {
        format!("{delim} {s} {delim}")
    } else {
        format!("{delim}{s}{delim}")
    }
}

/// The longest run of `c` in `s`.
fn longest_run(s: &str, c: char) -> usize {
    let (mut best, mut run) = (0, 0);
    for x in s.chars() {
        run = if x == c { run + 1 } else { 0 };
        best = best.max(run);
    }
    best
}

// ------------------------------------------------------------------------------------------
// Document model shared by report.md and report.html
// ------------------------------------------------------------------------------------------

/// Inline text.
enum Span {
    Text(String),
    Code(String),
    Strong(String),
    /// Label and relative target.
    Link(String, String),
}

/// A block of the page.
enum Block {
    Heading(usize, String),
    Para(Vec<Span>),
    List(Vec<Vec<Span>>),
    /// Language hint and text of a code block.
    Code(&'static str, String),
    Table(Table),
    Chart(Chart),
}

/// A table: column headers (with `true` for right-aligned numeric columns) and rows of cells.
struct Table {
    columns: Vec<(&'static str, bool)>,
    rows: Vec<Vec<Vec<Span>>>,
}

/// A chart: a link to the SVG file in Markdown, the SVG itself inline in HTML.
#[derive(Clone, Copy)]
enum Chart {
    Seats,
    Types,
    Cards,
    Turns,
    Hands,
    Points,
}

impl Chart {
    fn file(self) -> &'static str {
        match self {
            Chart::Seats => "seats.svg",
            Chart::Types => "types.svg",
            Chart::Cards => "cards.svg",
            Chart::Turns => "turns.svg",
            Chart::Hands => "hands.svg",
            Chart::Points => "points.svg",
        }
    }

    fn alt(self) -> &'static str {
        match self {
            Chart::Seats => "seat advantage",
            Chart::Types => "card type strength",
            Chart::Cards => "card strength",
            Chart::Turns => "turns per game",
            Chart::Hands => "hands per game",
            Chart::Points => "points per seat",
        }
    }

    fn svg(self, r: &BalanceReport) -> String {
        match self {
            Chart::Seats => seats_svg(r),
            Chart::Types => types_svg(r),
            Chart::Cards => cards_svg(r),
            Chart::Turns => histogram_svg(&r.shape.turns, TURNS_TITLE),
            Chart::Hands => histogram_svg(&r.shape.hands, HANDS_TITLE),
            Chart::Points => histogram_svg(&r.shape.points, POINTS_TITLE),
        }
    }
}

fn t(s: impl Into<String>) -> Span {
    Span::Text(s.into())
}

fn code(s: impl Into<String>) -> Span {
    Span::Code(s.into())
}

/// A table cell holding plain text.
fn cell(s: impl Into<String>) -> Vec<Span> {
    vec![t(s)]
}

/// A yes/no cell with "yes" in bold.
fn yes_no(b: bool) -> Vec<Span> {
    if b {
        vec![Span::Strong("yes".into())]
    } else {
        cell("no")
    }
}

fn heading(level: usize, s: &str) -> Block {
    Block::Heading(level, s.to_string())
}

fn para(s: impl Into<String>) -> Block {
    Block::Para(vec![t(s)])
}

fn page_title(r: &BalanceReport) -> String {
    format!(
        "Balance report: {}, {} players",
        r.setup.variant, r.setup.players
    )
}

/// The fair share of wins per seat, and how to write it: 1/players, or (players − 1)/players
/// in a loser-only game (falls back to the number of seat rows).
fn fair_share(r: &BalanceReport) -> (String, f64) {
    let players = if r.setup.players > 0 {
        r.setup.players
    } else {
        r.seats.len().max(1)
    };
    if r.setup.loser_only {
        (
            format!("{}/{players}", players - 1),
            (players - 1) as f64 / players as f64,
        )
    } else {
        (format!("1/{players}"), 1.0 / players as f64)
    }
}

/// The hands distribution is only worth showing when the options play matches.
fn show_hands(r: &BalanceReport) -> bool {
    r.shape.hands.samples > 0 && r.shape.hands.max > 1
}

/// The whole page, top to bottom.
fn document(r: &BalanceReport) -> Vec<Block> {
    let mut doc = vec![Block::Heading(1, page_title(r)), heading(2, "Summary")];
    if r.summary.is_empty() {
        doc.push(para("No findings were recorded."));
    } else {
        doc.push(Block::List(
            r.summary.iter().map(|s| vec![t(s.as_str())]).collect(),
        ));
    }
    setup_section(r, &mut doc);
    seats_section(r, &mut doc);
    shape_section(r, &mut doc);
    cards_section(r, &mut doc);
    observational_section(r, &mut doc);
    skill_section(r, &mut doc);
    files_section(&mut doc);
    doc
}

fn setup_section(r: &BalanceReport, doc: &mut Vec<Block>) {
    let s = &r.setup;
    doc.push(heading(2, "How this was produced"));
    doc.push(para(
        "This command reproduces the report (the same seed and budget give the same results):",
    ));
    doc.push(Block::Code("sh", s.command.clone()));

    let mut items = vec![
        vec![
            t("Variant: "),
            code(s.variant.as_str()),
            t(format!(", {} players", s.players)),
        ],
        vec![t("Seed: "), code(s.seed.to_string())],
        vec![t(format!(
            "Deals: {} played (budget {})",
            count(r.deals),
            count(s.max_deals)
        ))],
        vec![t(format!(
            "Games: {} in all (as dealt, swapped and skill games)",
            count(r.games)
        ))],
    ];

    let mut agents = vec![t("Agents (by seat): ")];
    match s.agents.first() {
        None => agents.push(t("none listed")),
        Some(first) if s.agents.len() > 1 && s.agents.iter().all(|a| a == first) => {
            agents.push(code(first.as_str()));
            agents.push(t(" in every seat"));
        }
        Some(_) => {
            for (i, a) in s.agents.iter().enumerate() {
                if i > 0 {
                    agents.push(t(", "));
                }
                agents.push(code(a.as_str()));
            }
        }
    }
    items.push(agents);
    items.push(vec![
        t("Skill agent: "),
        code(s.skill_agent.as_str()),
        t(", compared with "),
        code(s.skill_baseline_label()),
        t(" in the same seat"),
    ]);
    items.push(vec![t("Options: "), code(s.options.to_string())]);

    let mut precision = format!(
        "Precision: largest half width of the card-strength 95% intervals ±{} pp",
        fixed(r.max_half_width.abs() * 100.0, 2)
    );
    match s.precision_target {
        Some(target) => {
            let met = r.max_half_width.is_finite() && r.max_half_width <= target;
            let _ = write!(
                precision,
                " (target ±{} pp, {})",
                fixed(fin(target).abs() * 100.0, 2),
                if met { "met" } else { "not met" }
            );
        }
        None => precision.push_str(" (no precision target set)"),
    }
    items.push(vec![t(precision)]);
    items.push(vec![t(format!(
        "Run: {} threads, {} s, {} games/s (timings vary by machine and are not part of the result)",
        r.run.threads,
        fixed(r.run.seconds, 1),
        rate(r.run.games_per_second)
    ))]);
    if r.run.interrupted {
        items.push(vec![
            Span::Strong("Interrupted:".into()),
            t(" the run was stopped early and covers fewer deals than the budget asked for."),
        ]);
    }
    doc.push(Block::List(items));
}

fn seats_section(r: &BalanceReport, doc: &mut Vec<Block>) {
    let (players, fair) = fair_share(r);
    doc.push(heading(2, "Seat advantage"));
    doc.push(para(format!(
        "Win rate of each seat in the as-dealt games, against a fair share of {} ({}). \
         Advantage is the win rate minus the fair share; a seat is significant when the fair \
         share lies outside its 95% Wilson interval.",
        pct(fair),
        players
    )));
    let rows = r
        .seats
        .iter()
        .map(|s: &SeatRow| {
            vec![
                cell(s.seat.to_string()),
                vec![code(s.agent.as_str())],
                cell(pct(s.win_rate)),
                cell(ci_pct(s.ci95)),
                cell(pp(s.advantage)),
                yes_no(s.significant),
                cell(fixed(s.mean_placing, 2)),
                cell(fixed(s.mean_points, 2)),
            ]
        })
        .collect();
    doc.push(Block::Table(Table {
        columns: vec![
            ("Seat", true),
            ("Agent", false),
            ("Win rate", true),
            ("95% CI", true),
            ("Advantage", true),
            ("Significant", false),
            ("Mean placing", true),
            ("Mean points", true),
        ],
        rows,
    }));
    let p = r.seat_equality_p;
    let verdict = if !p.is_finite() {
        ""
    } else if p < 0.05 {
        ": the seats do not all win equally often."
    } else {
        ": no evidence that the seats differ."
    };
    doc.push(para(format!(
        "Seat equality (chi-square test on the seat win counts): {}{}",
        p_is(p),
        if verdict.is_empty() { "." } else { verdict }
    )));
    doc.push(Block::Chart(Chart::Seats));
    categories_section(r, doc);
}

/// Win rate by the variant's seat categories (only for a variant that defines them).
fn categories_section(r: &BalanceReport, doc: &mut Vec<Block>) {
    if r.categories.is_empty() {
        return;
    }
    let (players, fair) = fair_share(r);
    doc.push(heading(3, "By seat category"));
    doc.push(para(format!(
        "Win rate of the seats in each of the variant's categories (what a seat was dealt, \
         e.g. Uno Debt's buying-power card by value and by colour), over the seats of the \
         as-dealt games, against the fair share of {} ({}). Seat-games: each finished game \
         counts each seat once per category it falls in. Correlational: a category may win \
         through what comes with it (Uno Debt: the highest buying power turns the first card).",
        pct(fair),
        players
    )));
    let rows = r
        .categories
        .iter()
        .map(|c: &CategoryRow| {
            vec![
                cell(c.category.as_str()),
                cell(count(c.games)),
                cell(count(c.wins)),
                cell(pct(c.win_rate)),
                cell(ci_pct(c.ci95)),
                cell(pp(c.advantage)),
                yes_no(c.significant),
            ]
        })
        .collect();
    doc.push(Block::Table(Table {
        columns: vec![
            ("Category", false),
            ("Seat-games", true),
            ("Wins", true),
            ("Win rate", true),
            ("95% CI", true),
            ("Advantage", true),
            ("Significant", false),
        ],
        rows,
    }));
}

fn distribution_row(d: &Distribution, fallback: &str) -> Vec<Vec<Span>> {
    let label = if d.label.trim().is_empty() {
        fallback
    } else {
        d.label.as_str()
    };
    vec![
        cell(label),
        cell(count(d.samples)),
        cell(fixed(d.mean, 2)),
        cell(d.p50.to_string()),
        cell(d.p90.to_string()),
        cell(d.p99.to_string()),
        cell(d.min.to_string()),
        cell(d.max.to_string()),
    ]
}

fn shape_section(r: &BalanceReport, doc: &mut Vec<Block>) {
    let sh = &r.shape;
    doc.push(heading(2, "Game shape"));
    doc.push(para(format!(
        "{} as-dealt games: {} completed, {} truncated by the variant's action cap ({} of \
         games, no winner), {} aborted (an agent returned an illegal action).",
        count(sh.games),
        count(sh.completed),
        count(sh.truncated),
        pct(sh.truncated_rate),
        count(sh.aborted)
    )));
    let mut rows = vec![distribution_row(&sh.turns, "turns per game")];
    if show_hands(r) {
        rows.push(distribution_row(&sh.hands, "hands per game"));
    }
    rows.push(distribution_row(&sh.points, "points per seat"));
    doc.push(Block::Table(Table {
        columns: vec![
            ("Measure", false),
            ("Samples", true),
            ("Mean", true),
            ("p50", true),
            ("p90", true),
            ("p99", true),
            ("Min", true),
            ("Max", true),
        ],
        rows,
    }));
    doc.push(para(
        "Points are counted per seat at the end of the game, as the variant scores them \
         (one sample per seat per game).",
    ));
    doc.push(Block::Chart(Chart::Turns));
    if show_hands(r) {
        doc.push(Block::Chart(Chart::Hands));
    }
    doc.push(Block::Chart(Chart::Points));
}

fn cards_section(r: &BalanceReport, doc: &mut Vec<Block>) {
    doc.push(heading(2, "Card strength (causal, paired swap)"));
    doc.push(para(format!(
        "Each card kind's strength is measured with a paired swap experiment. Every deal is \
         played as dealt and, for each kind, once more by the same agents with one copy of \
         that card, taken from elsewhere in the deal, swapped for a plain number card in a \
         chosen seat's opening hand. Strength is the chosen seat's win rate with the card minus its win rate \
         without it, in percentage points, with a paired 95% interval over the per-deal \
         differences. p-values test strength = 0 and are Holm-adjusted over all {} kinds; a \
         kind is significant when its Holm p is below 0.05.",
        r.cards.len()
    )));
    if r.cards.is_empty() {
        doc.push(para("No card kinds were measured in this run."));
        return;
    }
    types_table(r, doc);
    doc.push(heading(3, "By card kind"));
    let significant = r.cards.iter().filter(|c| c.significant).count();
    doc.push(Block::Para(vec![
        t(format!(
            "Significant kinds: {significant} of {} (marked ",
            r.cards.len()
        )),
        Span::Strong("yes".into()),
        t("). Pairs counts the deals where the swap was made; skipped, the deals where no swap was possible."),
    ]));
    let rows = r
        .cards
        .iter()
        .map(|c: &CardRow| {
            vec![
                cell(c.rank.to_string()),
                vec![code(c.code.as_str())],
                cell(c.name.as_str()),
                cell(c.copies.to_string()),
                cell(pp(c.strength)),
                cell(ci_pp(c.ci95)),
                cell(p_text(c.p_value)),
                cell(p_text(c.p_holm)),
                yes_no(c.significant),
                cell(count(c.pairs)),
                cell(count(c.skipped)),
            ]
        })
        .collect();
    doc.push(Block::Table(Table {
        columns: vec![
            ("Rank", true),
            ("Code", false),
            ("Name", false),
            ("Copies", true),
            ("Strength", true),
            ("95% CI (pp)", true),
            ("p", true),
            ("Holm p", true),
            ("Significant", false),
            ("Pairs", true),
            ("Skipped", true),
        ],
        rows,
    }));
    doc.push(Block::Chart(Chart::Cards));
}

/// The roll-up per card type, strongest first, ahead of the per-kind table.
fn types_table(r: &BalanceReport, doc: &mut Vec<Block>) {
    doc.push(heading(3, "By card type"));
    let significant = r.types.iter().filter(|c| c.significant).count();
    doc.push(para(format!(
        "A type's strength is the effect of swapping in one card of that type drawn as the \
         deck would: the mean of its kinds' strengths weighted by their copies in the deck. \
         Its 95% interval is paired and allows for the kinds being measured on the same deals; \
         p-values are Holm-adjusted over the {} types. Significant types: {significant} of {}. \
         Swaps counts the swaps made over the type's kinds.",
        r.types.len(),
        r.types.len()
    )));
    let rows = r
        .types
        .iter()
        .map(|c: &TypeRow| {
            vec![
                cell(c.rank.to_string()),
                cell(c.card_type.as_str()),
                cell(c.kinds.len().to_string()),
                cell(c.copies.to_string()),
                cell(pp(c.strength)),
                cell(ci_pp(c.ci95)),
                cell(p_text(c.p_value)),
                cell(p_text(c.p_holm)),
                yes_no(c.significant),
                cell(count(c.pairs)),
                cell(count(c.skipped)),
            ]
        })
        .collect();
    doc.push(Block::Table(Table {
        columns: vec![
            ("Rank", true),
            ("Type", false),
            ("Kinds", true),
            ("Copies", true),
            ("Strength", true),
            ("95% CI (pp)", true),
            ("p", true),
            ("Holm p", true),
            ("Significant", false),
            ("Swaps", true),
            ("Skipped", true),
        ],
        rows,
    }));
    doc.push(Block::Chart(Chart::Types));
}

fn observational_section(r: &BalanceReport, doc: &mut Vec<Block>) {
    doc.push(heading(
        2,
        "Observational metrics (correlational, not causal)",
    ));
    doc.push(para(
        "These figures describe the as-dealt games and show association only: strong hands \
         both hold more good cards and get to play them, so a card that goes with winning is \
         not necessarily what makes the seat win. Use the card strength above for causal \
         claims. Win when held is the win rate of seat-games whose opening hand held at least \
         one copy; win when played, of seat-games in which the seat played at least one copy; \
         the gap is played minus held.",
    ));
    if r.cards.is_empty() {
        doc.push(para("No card kinds were measured in this run."));
        return;
    }
    let rows = r
        .cards
        .iter()
        .map(|c: &CardRow| {
            vec![
                vec![code(c.code.as_str())],
                cell(pct(c.win_when_held)),
                cell(ci_pct(c.win_when_held_ci95)),
                cell(count(c.held_games)),
                cell(pct(c.win_when_played)),
                cell(ci_pct(c.win_when_played_ci95)),
                cell(count(c.played_games)),
                cell(fixed(c.plays_per_game, 3)),
                cell(pp(c.played_minus_held)),
            ]
        })
        .collect();
    doc.push(Block::Table(Table {
        columns: vec![
            ("Code", false),
            ("Win when held", true),
            ("Held 95% CI", true),
            ("Held games", true),
            ("Win when played", true),
            ("Played 95% CI", true),
            ("Played games", true),
            ("Plays per game", true),
            ("Played − held", true),
        ],
        rows,
    }));
}

fn skill_section(r: &BalanceReport, doc: &mut Vec<Block>) {
    doc.push(heading(2, "Skill expression"));
    let Some(s) = &r.skill else {
        doc.push(para("Not measured in this run."));
        return;
    };
    doc.push(Block::Para(vec![
        t("On the same deal, one seat is played by the skilled agent "),
        code(s.agent.as_str()),
        t(" and then by the baseline "),
        code(s.baseline.as_str()),
        t(format!(
            ", the other seats by the run's agents ({} deals).",
            count(s.deals)
        )),
    ]));
    doc.push(Block::List(vec![
        vec![
            t("Skilled agent ("),
            code(s.agent.as_str()),
            t(format!(") win rate: {}", pct(s.skilled_win_rate))),
        ],
        vec![
            t("Baseline agent ("),
            code(s.baseline.as_str()),
            t(format!(") win rate: {}", pct(s.baseline_win_rate))),
        ],
        vec![t(format!(
            "Gap: {}, 95% CI {} pp, {}",
            pp(s.gap),
            ci_pp(s.ci95),
            p_is(s.p_value)
        ))],
    ]));
    let (lo, hi) = s.ci95;
    let sentence = if !(lo.is_finite() && hi.is_finite() && s.gap.is_finite()) {
        "The gap could not be estimated from this run.".to_string()
    } else if !s.against_random() {
        // Two agents compared: a neutral reading, no verdict on skill and luck.
        match s.better() {
            Some((winner, other, lead)) => format!(
                "{winner} wins {} more often than {other} in the same seat on the same deals \
                 and the interval excludes zero: {winner} is better against these opponents.",
                pp(lead)
            ),
            None => format!(
                "The interval includes zero: at this sample size {} and {} cannot be told \
                 apart in this seat against these opponents (no significant difference).",
                s.agent, s.baseline
            ),
        }
    } else if lo > 0.0 {
        format!(
            "The skilled agent wins {} more often than random play in the same seat and the \
             interval excludes zero: decisions matter in this variant, not only the deal.",
            pp(s.gap)
        )
    } else if hi < 0.0 {
        "Random play does better than the skilled agent in this seat and the interval \
         excludes zero: the agent's strategy works against it in this variant."
            .to_string()
    } else {
        "The interval includes zero: at this sample size skilled play cannot be told apart \
         from random play, so the deal dominates the outcome."
            .to_string()
    };
    doc.push(para(sentence));
}

fn files_section(doc: &mut Vec<Block>) {
    const FILES: [(&str, &str); 14] = [
        (
            "report.html",
            "this report as a single self-contained web page",
        ),
        (
            "report.json",
            "every figure of the report, machine-readable",
        ),
        ("seats.csv", "the seat table"),
        ("types.csv", "card strength per card type, one row per type"),
        (
            "cards.csv",
            "card strength and observational metrics, one row per kind",
        ),
        ("turns.csv", "histogram of turns per game (lo, hi, count)"),
        ("hands.csv", "histogram of hands per game (lo, hi, count)"),
        ("points.csv", "histogram of points per seat (lo, hi, count)"),
        ("seats.svg", "seat advantage chart"),
        ("types.svg", "card type strength forest plot"),
        ("cards.svg", "card strength forest plot"),
        ("turns.svg", "game length histogram"),
        ("hands.svg", "hands per game histogram"),
        ("points.svg", "points histogram"),
    ];
    doc.push(heading(2, "Files"));
    doc.push(Block::List(
        FILES
            .iter()
            .map(|(file, what)| {
                vec![
                    Span::Link(file.to_string(), file.to_string()),
                    t(format!(": {what}")),
                ]
            })
            .collect(),
    ));
}

// ------------------------------------------------------------------------------------------
// report.md
// ------------------------------------------------------------------------------------------

/// `report.md`: the summary first, then setup, seats, game shape, card strength, the
/// observational metrics, skill expression and the list of files. Charts are image links to
/// the SVG files next to it.
pub fn markdown(r: &BalanceReport) -> String {
    let mut out = String::new();
    for block in document(r) {
        md_block(&mut out, &block);
    }
    let mut out = out.trim_end().to_string();
    out.push('\n');
    out
}

fn md_spans(spans: &[Span], in_table: bool) -> String {
    let mut out = String::new();
    for span in spans {
        match span {
            Span::Text(s) => out.push_str(&md_escape(s, in_table)),
            Span::Code(s) => out.push_str(&md_code(s, in_table)),
            Span::Strong(s) => {
                let _ = write!(out, "**{}**", md_escape(s, in_table));
            }
            Span::Link(label, href) => {
                let _ = write!(out, "[{}]({})", md_escape(label, in_table), href);
            }
        }
    }
    out
}

fn md_block(out: &mut String, block: &Block) {
    match block {
        Block::Heading(level, s) => {
            let _ = writeln!(out, "{} {}\n", "#".repeat(*level), md_escape(s, false));
        }
        Block::Para(spans) => {
            let _ = writeln!(out, "{}\n", md_spans(spans, false));
        }
        Block::List(items) => {
            for item in items {
                let _ = writeln!(out, "- {}", md_spans(item, false));
            }
            out.push('\n');
        }
        Block::Code(lang, text) => {
            let fence = "`".repeat(longest_run(text, '`').max(2) + 1);
            let _ = writeln!(out, "{fence}{lang}\n{}\n{fence}\n", text.trim_end());
        }
        Block::Table(table) => {
            out.push('|');
            for (name, _) in &table.columns {
                let _ = write!(out, " {name} |");
            }
            out.push_str("\n|");
            for (_, numeric) in &table.columns {
                out.push_str(if *numeric { " ---: |" } else { " --- |" });
            }
            out.push('\n');
            for row in &table.rows {
                out.push('|');
                for c in row {
                    let _ = write!(out, " {} |", md_spans(c, true));
                }
                out.push('\n');
            }
            out.push('\n');
        }
        Block::Chart(chart) => {
            let _ = writeln!(out, "![{}]({})\n", chart.alt(), chart.file());
        }
    }
}

// ------------------------------------------------------------------------------------------
// report.html
// ------------------------------------------------------------------------------------------

const STYLE: &str = "\
body { font-family: system-ui, -apple-system, \"Segoe UI\", Roboto, Helvetica, Arial, sans-serif; \
color: #1d232a; background: #ffffff; margin: 0; line-height: 1.5; }
main { max-width: 1100px; margin: 0 auto; padding: 1.5rem; }
h1 { font-size: 1.7rem; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.3rem; margin-top: 2.2rem; border-bottom: 1px solid #d8dee4; padding-bottom: 0.2rem; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; }
code { background: #f2f4f6; padding: 0 0.2em; border-radius: 3px; }
li code, p code { overflow-wrap: anywhere; }
pre { background: #f4f6f8; padding: 0.75rem; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
pre code { background: none; padding: 0; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; margin: 0.75rem 0; font-size: 0.9rem; }
th, td { border: 1px solid #d8dee4; padding: 0.25rem 0.55rem; text-align: left; white-space: nowrap; }
th { background: #f4f6f8; }
tbody tr:nth-child(even) { background: #fafbfc; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
figure { margin: 1rem 0; overflow-x: auto; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-size: 0.85rem; color: #57606a; }
";

/// `report.html`: the same content as [`markdown`] as one self-contained HTML5 page (inline
/// style, no external resources), with the charts embedded as inline SVG.
pub fn html(r: &BalanceReport) -> String {
    let mut body = String::new();
    for block in document(r) {
        html_block(&mut body, &block, r);
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<main>\n{body}</main>\n\
         </body>\n</html>\n",
        xml_escape(&page_title(r))
    )
}

fn html_spans(spans: &[Span]) -> String {
    let mut out = String::new();
    for span in spans {
        match span {
            Span::Text(s) => out.push_str(&xml_escape(s)),
            Span::Code(s) => {
                let _ = write!(out, "<code>{}</code>", xml_escape(s));
            }
            Span::Strong(s) => {
                let _ = write!(out, "<strong>{}</strong>", xml_escape(s));
            }
            Span::Link(label, href) => {
                let _ = write!(
                    out,
                    "<a href=\"{}\">{}</a>",
                    xml_escape(href),
                    xml_escape(label)
                );
            }
        }
    }
    out
}

fn html_block(out: &mut String, block: &Block, r: &BalanceReport) {
    match block {
        Block::Heading(level, s) => {
            let _ = writeln!(out, "<h{level}>{}</h{level}>", xml_escape(s));
        }
        Block::Para(spans) => {
            let _ = writeln!(out, "<p>{}</p>", html_spans(spans));
        }
        Block::List(items) => {
            out.push_str("<ul>\n");
            for item in items {
                let _ = writeln!(out, "<li>{}</li>", html_spans(item));
            }
            out.push_str("</ul>\n");
        }
        Block::Code(_, text) => {
            let _ = writeln!(
                out,
                "<pre><code>{}</code></pre>",
                xml_escape(text.trim_end())
            );
        }
        Block::Table(table) => {
            out.push_str("<div class=\"scroll\"><table>\n<thead><tr>");
            for (name, numeric) in &table.columns {
                let class = if *numeric { " class=\"num\"" } else { "" };
                let _ = write!(out, "<th{class}>{}</th>", xml_escape(name));
            }
            out.push_str("</tr></thead>\n<tbody>\n");
            for row in &table.rows {
                out.push_str("<tr>");
                for (i, c) in row.iter().enumerate() {
                    let numeric = table.columns.get(i).is_some_and(|(_, n)| *n);
                    let class = if numeric { " class=\"num\"" } else { "" };
                    let _ = write!(out, "<td{class}>{}</td>", html_spans(c));
                }
                out.push_str("</tr>\n");
            }
            out.push_str("</tbody>\n</table></div>\n");
        }
        Block::Chart(chart) => {
            let _ = writeln!(
                out,
                "<figure>\n{}\n<figcaption>{} (<a href=\"{file}\">{file}</a>)</figcaption>\n</figure>",
                chart.svg(r),
                xml_escape(chart.alt()),
                file = chart.file()
            );
        }
    }
}

// ------------------------------------------------------------------------------------------
// SVG helpers
// ------------------------------------------------------------------------------------------

const BLUE: &str = "#4c78a8";
const LIGHT_BLUE: &str = "#a9c0da";
const ORANGE: &str = "#f58518";
const RED: &str = "#d62728";
const GRID: &str = "#e3e7eb";
const AXIS: &str = "#444444";
const MUTED: &str = "#555555";

/// A coordinate or length: one decimal, non-finite values as 0.
fn n(x: f64) -> String {
    format!("{:.1}", fin(x))
}

/// The opening tag (with a white background) of a standalone SVG document.
fn svg_open(w: usize, h: usize, label: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"12\" role=\"img\" \
         aria-label=\"{}\">\n<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n",
        xml_escape(label)
    )
}

/// A text element; `attrs` are extra attributes (starting with a space) and `s` is escaped.
fn svg_text(out: &mut String, (x, y): (f64, f64), anchor: &str, size: u32, attrs: &str, s: &str) {
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"{anchor}\" font-size=\"{size}\"{attrs}>{}</text>",
        n(x),
        n(y),
        xml_escape(s)
    );
}

/// Text rotated by -90° around its anchor (for y-axis titles).
fn svg_vertical_text(out: &mut String, (x, y): (f64, f64), size: u32, s: &str) {
    let attrs = format!(
        " fill=\"{MUTED}\" transform=\"rotate(-90 {} {})\"",
        n(x),
        n(y)
    );
    svg_text(out, (x, y), "middle", size, &attrs, s);
}

/// A line; `style` holds the stroke attributes.
fn svg_line(out: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64), style: &str) {
    let _ = writeln!(
        out,
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {style}/>",
        n(x1),
        n(y1),
        n(x2),
        n(y2)
    );
}

/// A rectangle (negative sizes are drawn as 0) with an optional tooltip.
fn svg_rect(out: &mut String, (x, y): (f64, f64), (w, h): (f64, f64), fill: &str, tip: &str) {
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"",
        n(x),
        n(y),
        n(fin(w).max(0.0)),
        n(fin(h).max(0.0))
    );
    if tip.is_empty() {
        out.push_str("/>\n");
    } else {
        let _ = writeln!(out, "><title>{}</title></rect>", xml_escape(tip));
    }
}

/// Title and subtitle at the top left.
fn svg_heading(out: &mut String, title: &str, subtitle: &str) {
    svg_text(
        out,
        (16.0, 24.0),
        "start",
        16,
        " font-weight=\"bold\"",
        title,
    );
    if !subtitle.is_empty() {
        let attrs = format!(" fill=\"{MUTED}\"");
        svg_text(out, (16.0, 42.0), "start", 12, &attrs, subtitle);
    }
}

/// A chart that has nothing to show.
fn empty_svg(title: &str, message: &str) -> String {
    let mut s = svg_open(480, 160, title);
    svg_heading(&mut s, title, "");
    svg_rect(&mut s, (16.0, 50.0), (448.0, 94.0), "#f4f6f8", "");
    svg_text(
        &mut s,
        (240.0, 102.0),
        "middle",
        14,
        " fill=\"#777777\"",
        message,
    );
    s.push_str("</svg>");
    s
}

/// A "nice" tick step (1, 2 or 5 times a power of ten) giving about `target` ticks over `span`.
fn nice_step(span: f64, target: usize) -> f64 {
    let raw = span / target.max(1) as f64;
    if !raw.is_finite() || raw <= 0.0 {
        return 1.0;
    }
    let magnitude = 10f64.powf(raw.log10().floor());
    let f = raw / magnitude;
    let nice = if f <= 1.0 {
        1.0
    } else if f <= 2.0 {
        2.0
    } else if f <= 5.0 {
        5.0
    } else {
        10.0
    };
    let step = nice * magnitude;
    if step.is_finite() && step > 0.0 {
        step
    } else {
        1.0
    }
}

/// The multiples of `step` in `lo..=hi` (empty for unusable input or too many ticks).
fn ticks(lo: f64, hi: f64, step: f64) -> Vec<f64> {
    let usable = lo.is_finite() && hi.is_finite() && step.is_finite() && step > 0.0 && hi >= lo;
    if !usable || (hi - lo) / step > 200.0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut k = (lo / step - 1e-9).ceil();
    loop {
        let v = k * step;
        if v > hi + step * 1e-9 {
            break;
        }
        out.push(v);
        k += 1.0;
    }
    out
}

/// A tick label with just enough decimals for `step`.
fn tick_label(v: f64, step: f64) -> String {
    let decimals = if step.is_finite() && step > 0.0 && step < 1.0 {
        ((-step.log10().floor()) as usize + 1).min(6)
    } else {
        0
    };
    let v = if v.abs() < step.abs() * 1e-6 { 0.0 } else { v };
    let s = format!("{:.decimals$}", fin(v));
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// A count for an axis: `950`, `12.5k`, `1.2M`.
fn compact_count(v: f64, step: f64) -> String {
    if v.abs() >= 1e6 {
        format!("{}M", tick_label(v / 1e6, step / 1e6))
    } else if v.abs() >= 1e4 {
        format!("{}k", tick_label(v / 1e3, step / 1e3))
    } else {
        tick_label(v, step)
    }
}

// ------------------------------------------------------------------------------------------
// SVG charts
// ------------------------------------------------------------------------------------------

/// `seats.svg`: one bar per seat (win rate) with 95% CI whiskers and a dashed line at the fair
/// share `1/players`. Seats whose interval excludes the fair share are drawn in orange.
pub fn seats_svg(r: &BalanceReport) -> String {
    const TITLE: &str = "Win rate by seat (95% CI)";
    if r.seats.is_empty() {
        return empty_svg(TITLE, "no data");
    }
    let (w, h) = (640usize, 400usize);
    // The right margin holds the fair-share label.
    let (ml, mr, mt, mb) = (64.0, 96.0, 84.0, 64.0);
    let pw = w as f64 - ml - mr;
    let ph = h as f64 - mt - mb;
    let (players, fair) = fair_share(r);

    // The y axis (in %) reaches a little above the highest interval end.
    let top = r
        .seats
        .iter()
        .flat_map(|s| [s.win_rate, s.ci95.0, s.ci95.1])
        .chain([fair])
        .filter(|v| v.is_finite())
        .fold(0.0_f64, f64::max)
        .min(1.0)
        * 100.0;
    let top = if top > 0.0 { top * 1.15 } else { 10.0 };
    let step = nice_step(top, 5);
    // Rates are at most 100%, so the axis never needs to go further.
    let ymax = ((top / step).ceil() * step).max(step).min(100.0);
    let y = |frac: f64| mt + ph - (fin(frac) * 100.0 / ymax).clamp(0.0, 1.0) * ph;

    let mut s = svg_open(w, h, TITLE);
    svg_heading(
        &mut s,
        TITLE,
        &format!(
            "{}, {} players, {} as-dealt games",
            r.setup.variant,
            r.setup.players,
            count(r.shape.games)
        ),
    );

    // Legend.
    let ly = 60.0;
    svg_rect(&mut s, (ml, ly - 9.0), (12.0, 10.0), BLUE, "");
    svg_text(&mut s, (ml + 17.0, ly), "start", 11, "", "win rate");
    svg_rect(&mut s, (ml + 90.0, ly - 9.0), (12.0, 10.0), ORANGE, "");
    svg_text(
        &mut s,
        (ml + 107.0, ly),
        "start",
        11,
        "",
        "fair share outside the 95% CI",
    );
    let dash = format!("stroke=\"{RED}\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"");
    svg_line(
        &mut s,
        (ml + 300.0, ly - 4.0),
        (ml + 326.0, ly - 4.0),
        &dash,
    );
    svg_text(
        &mut s,
        (ml + 331.0, ly),
        "start",
        11,
        "",
        &format!("fair share {players}"),
    );

    // Grid and y axis.
    let grid = format!("stroke=\"{GRID}\" stroke-width=\"1\"");
    for v in ticks(0.0, ymax, step) {
        let yy = y(v / 100.0);
        svg_line(&mut s, (ml, yy), (ml + pw, yy), &grid);
        svg_text(
            &mut s,
            (ml - 6.0, yy + 4.0),
            "end",
            11,
            "",
            &format!("{}%", tick_label(v, step)),
        );
    }
    let axis = format!("stroke=\"{AXIS}\" stroke-width=\"1\"");
    svg_line(&mut s, (ml, mt), (ml, mt + ph), &axis);
    svg_line(&mut s, (ml, mt + ph), (ml + pw, mt + ph), &axis);

    // Bars with whiskers.
    let slot = pw / r.seats.len() as f64;
    let bw = (slot * 0.56).min(90.0);
    let max_chars = ((slot / 6.5).floor() as usize).max(3);
    let whisker = "stroke=\"#222222\" stroke-width=\"1.5\"";
    for (i, seat) in r.seats.iter().enumerate() {
        let cx = ml + slot * (i as f64 + 0.5);
        let colour = if seat.significant { ORANGE } else { BLUE };
        let top_y = y(seat.win_rate);
        let tip = format!(
            "seat {} ({}): {} {}, advantage {}",
            seat.seat,
            seat.agent,
            pct(seat.win_rate),
            ci_pct(seat.ci95),
            pp(seat.advantage)
        );
        svg_rect(
            &mut s,
            (cx - bw / 2.0, top_y),
            (bw, mt + ph - top_y),
            colour,
            &tip,
        );
        let (lo, hi) = (y(seat.ci95.0), y(seat.ci95.1));
        let cap = (bw * 0.3).max(4.0);
        svg_line(&mut s, (cx, lo), (cx, hi), whisker);
        svg_line(&mut s, (cx - cap / 2.0, lo), (cx + cap / 2.0, lo), whisker);
        svg_line(&mut s, (cx - cap / 2.0, hi), (cx + cap / 2.0, hi), whisker);
        svg_text(
            &mut s,
            (cx, hi.min(top_y) - 6.0),
            "middle",
            11,
            "",
            &pct(seat.win_rate),
        );
        svg_text(
            &mut s,
            (cx, mt + ph + 18.0),
            "middle",
            12,
            "",
            &format!("seat {}", seat.seat),
        );
        svg_text(
            &mut s,
            (cx, mt + ph + 33.0),
            "middle",
            11,
            &format!(" fill=\"{MUTED}\""),
            &truncate(&seat.agent, max_chars),
        );
    }

    // Fair share, drawn over the bars and labelled in the right margin.
    let fy = y(fair);
    let red = format!(" fill=\"{RED}\"");
    svg_line(&mut s, (ml, fy), (ml + pw, fy), &dash);
    svg_text(
        &mut s,
        (ml + pw + 6.0, fy - 2.0),
        "start",
        11,
        &red,
        "fair share",
    );
    svg_text(
        &mut s,
        (ml + pw + 6.0, fy + 11.0),
        "start",
        11,
        &red,
        &pct(fair),
    );

    svg_vertical_text(&mut s, (18.0, mt + ph / 2.0), 12, "win rate (%)");
    svg_text(
        &mut s,
        (ml + pw / 2.0, h as f64 - 8.0),
        "middle",
        12,
        &format!(" fill=\"{MUTED}\""),
        "seat (agent)",
    );
    s.push_str("</svg>");
    s
}

/// One row of a forest plot: a card kind or a card type.
struct ForestRow<'a> {
    rank: usize,
    /// Shown left of the row (a kind's code, a type's name).
    label: &'a str,
    /// Shown in the tooltip after the label.
    name: String,
    strength: f64,
    ci95: (f64, f64),
    significant: bool,
    p_holm: f64,
}

/// `cards.svg`: a forest plot with one row per card kind in rank order (strongest first): the
/// code on the left, the strength as a dot with its 95% interval, a zero line, significant kinds
/// in red. The x axis is in percentage points.
pub fn cards_svg(r: &BalanceReport) -> String {
    let rows: Vec<ForestRow> = r
        .cards
        .iter()
        .map(|c| ForestRow {
            rank: c.rank,
            label: &c.code,
            name: c.name.clone(),
            strength: c.strength,
            ci95: c.ci95,
            significant: c.significant,
            p_holm: c.p_holm,
        })
        .collect();
    forest_svg(
        r,
        &rows,
        "Card strength (paired swap, 95% CI)",
        "card kinds",
        "kind",
    )
}

/// `types.svg`: the same forest plot with one row per card type (copies-weighted mean of its
/// kinds, paired interval), strongest first.
pub fn types_svg(r: &BalanceReport) -> String {
    let rows: Vec<ForestRow> = r
        .types
        .iter()
        .map(|t| ForestRow {
            rank: t.rank,
            label: &t.card_type,
            name: format!("({} kinds, {} copies)", t.kinds.len(), t.copies),
            strength: t.strength,
            ci95: t.ci95,
            significant: t.significant,
            p_holm: t.p_holm,
        })
        .collect();
    forest_svg(
        r,
        &rows,
        "Card type strength (paired swap, 95% CI)",
        "card types",
        "type",
    )
}

/// A forest plot of `rows` in the given order; `noun` names the rows in the subtitle and
/// `column` heads the label column.
fn forest_svg(
    r: &BalanceReport,
    rows: &[ForestRow],
    title: &str,
    noun: &str,
    column: &str,
) -> String {
    if rows.is_empty() {
        return empty_svg(title, "no data");
    }
    let row_h = 14.0;
    let max_code = rows
        .iter()
        .map(|c| c.label.chars().count())
        .max()
        .unwrap_or(1)
        .clamp(4, 24);
    let label_w = max_code as f64 * 7.0 + 12.0;
    let (ml, mr, mt, mb) = (16.0 + label_w, 24.0, 96.0, 58.0);
    let w = 760usize;
    let ph = rows.len() as f64 * row_h;
    let h = (mt + ph + mb).ceil() as usize;
    let pw = w as f64 - ml - mr;

    // The x domain (pp) covers zero and every finite interval end, with a little padding.
    let (mut lo, mut hi) = rows
        .iter()
        .flat_map(|c| [c.strength, c.ci95.0, c.ci95.1])
        .map(|v| v * 100.0)
        .filter(|v| v.is_finite())
        .fold((0.0_f64, 0.0_f64), |(a, b), v| (a.min(v), b.max(v)));
    if !(hi - lo).is_finite() || hi - lo < 1e-9 {
        lo = lo.min(0.0) - 1.0;
        hi = hi.max(0.0) + 1.0;
    }
    let pad = (hi - lo) * 0.04;
    lo -= pad;
    hi += pad;
    let step = nice_step(hi - lo, 6);
    let x = |v_pp: f64| ml + ((fin(v_pp) - lo) / (hi - lo)).clamp(0.0, 1.0) * pw;

    let significant = rows.iter().filter(|c| c.significant).count();
    let mut s = svg_open(w, h, title);
    svg_heading(
        &mut s,
        title,
        &format!(
            "{}, {} players: {} {noun}, strongest first; {} significant",
            r.setup.variant,
            r.setup.players,
            rows.len(),
            significant
        ),
    );

    // Legend.
    let ly = 62.0;
    let _ = writeln!(
        s,
        "<circle cx=\"{}\" cy=\"{}\" r=\"4\" fill=\"{RED}\"/>",
        n(ml + 4.0),
        n(ly - 4.0)
    );
    svg_text(
        &mut s,
        (ml + 13.0, ly),
        "start",
        11,
        "",
        "significant (Holm p < 0.05)",
    );
    let _ = writeln!(
        s,
        "<circle cx=\"{}\" cy=\"{}\" r=\"4\" fill=\"{BLUE}\"/>",
        n(ml + 184.0),
        n(ly - 4.0)
    );
    svg_text(&mut s, (ml + 193.0, ly), "start", 11, "", "not significant");
    svg_line(
        &mut s,
        (ml + 300.0, ly - 4.0),
        (ml + 326.0, ly - 4.0),
        &format!("stroke=\"{MUTED}\" stroke-width=\"1.5\""),
    );
    svg_text(&mut s, (ml + 331.0, ly), "start", 11, "", "95% interval");

    // Alternate row bands, grid, tick labels at the top and bottom, zero line.
    for i in (0..rows.len()).step_by(2) {
        let yy = mt + i as f64 * row_h;
        svg_rect(
            &mut s,
            (16.0, yy),
            (w as f64 - 16.0 - mr, row_h),
            "#f4f6f8",
            "",
        );
    }
    let grid = format!("stroke=\"{GRID}\" stroke-width=\"1\"");
    let axis = format!("stroke=\"{AXIS}\" stroke-width=\"1\"");
    for v in ticks(lo, hi, step) {
        let xx = x(v);
        let label = tick_label(v, step);
        svg_line(&mut s, (xx, mt), (xx, mt + ph), &grid);
        svg_line(&mut s, (xx, mt + ph), (xx, mt + ph + 4.0), &axis);
        svg_text(&mut s, (xx, mt + ph + 17.0), "middle", 11, "", &label);
        svg_text(&mut s, (xx, mt - 7.0), "middle", 11, "", &label);
    }
    svg_line(&mut s, (ml, mt + ph), (ml + pw, mt + ph), &axis);
    svg_line(
        &mut s,
        (x(0.0), mt),
        (x(0.0), mt + ph),
        &format!("stroke=\"{AXIS}\" stroke-width=\"1.2\""),
    );
    svg_text(
        &mut s,
        (ml - 6.0, mt - 7.0),
        "end",
        11,
        " font-weight=\"bold\"",
        column,
    );

    // One row per kind or type.
    for (i, c) in rows.iter().enumerate() {
        let yc = mt + (i as f64 + 0.5) * row_h;
        let colour = if c.significant { RED } else { BLUE };
        let _ = writeln!(
            s,
            "<g><title>{}</title>",
            xml_escape(&format!(
                "#{} {} {}: {} {}, Holm p {}",
                c.rank,
                c.label,
                c.name,
                pp(c.strength),
                ci_pp(c.ci95),
                p_text(c.p_holm)
            ))
        );
        svg_text(
            &mut s,
            (ml - 6.0, yc + 4.0),
            "end",
            11,
            "",
            &truncate(c.label, 24),
        );
        svg_line(
            &mut s,
            (x(c.ci95.0 * 100.0), yc),
            (x(c.ci95.1 * 100.0), yc),
            &format!("stroke=\"{colour}\" stroke-width=\"1.5\""),
        );
        let _ = writeln!(
            s,
            "<circle cx=\"{}\" cy=\"{}\" r=\"3.2\" fill=\"{colour}\"/></g>",
            n(x(c.strength * 100.0)),
            n(yc)
        );
    }

    svg_text(
        &mut s,
        (ml + pw / 2.0, mt + ph + 40.0),
        "middle",
        12,
        &format!(" fill=\"{MUTED}\""),
        "strength: change in the chosen seat's win rate (pp)",
    );
    s.push_str("</svg>");
    s
}

/// A histogram of `d.bins` (each bar spans its bin's values `lo..=hi`, so bins may differ in
/// width) with value ticks on the x axis, counts on the y axis and a dashed line at the mean.
/// An empty distribution gives a small "no data" chart.
pub fn histogram_svg(d: &Distribution, title: &str) -> String {
    if d.samples == 0 || d.bins.is_empty() {
        return empty_svg(title, "no data");
    }
    let (w, h) = (640usize, 360usize);
    let (ml, mr, mt, mb) = (72.0, 24.0, 64.0, 56.0);
    let pw = w as f64 - ml - mr;
    let ph = h as f64 - mt - mb;

    // Values are integers: value v covers [v, v + 1) on the axis.
    let xmin = d.bins.iter().map(|b| b.lo).min().unwrap_or(0) as f64;
    let xmax = d
        .bins
        .iter()
        .map(|b| b.hi.max(b.lo).saturating_add(1))
        .max()
        .unwrap_or(1) as f64;
    let span = (xmax - xmin).max(1.0);
    let x = |v: f64| ml + ((fin(v) - xmin) / span).clamp(0.0, 1.0) * pw;
    let cmax = d.bins.iter().map(|b| b.count).max().unwrap_or(0).max(1) as f64;
    let ystep = nice_step(cmax, 5).max(1.0);
    // A little headroom above the highest bar.
    let ymax = ((cmax * 1.08 / ystep).ceil() * ystep).max(ystep);
    let y = |c: f64| mt + ph - (fin(c) / ymax).clamp(0.0, 1.0) * ph;

    // Bars are heights of counts, so a grouped (wider) bin would look bigger than it is: such
    // bins (over 1.5 times the median width, e.g. the tail) are drawn lighter.
    let width = |lo: i64, hi: i64| (hi.max(lo) as f64 - lo as f64 + 1.0).max(1.0);
    let mut widths: Vec<f64> = d.bins.iter().map(|b| width(b.lo, b.hi)).collect();
    widths.sort_by(f64::total_cmp);
    let median_width = widths[widths.len() / 2];
    let grouped = |lo: i64, hi: i64| width(lo, hi) > 1.5 * median_width;

    let mut s = svg_open(w, h, title);
    svg_heading(
        &mut s,
        title,
        &format!(
            "{} samples; mean {}, p50 {}, p90 {}, p99 {}, min {}, max {}",
            count(d.samples),
            fixed(d.mean, 1),
            d.p50,
            d.p90,
            d.p99,
            d.min,
            d.max
        ),
    );

    // Grid and y axis (counts).
    let grid = format!("stroke=\"{GRID}\" stroke-width=\"1\"");
    let axis = format!("stroke=\"{AXIS}\" stroke-width=\"1\"");
    for v in ticks(0.0, ymax, ystep) {
        let yy = y(v);
        svg_line(&mut s, (ml, yy), (ml + pw, yy), &grid);
        svg_text(
            &mut s,
            (ml - 6.0, yy + 4.0),
            "end",
            11,
            "",
            &compact_count(v, ystep),
        );
    }

    // Bars.
    for b in &d.bins {
        let hi = b.hi.max(b.lo);
        let (x0, x1) = (x(b.lo as f64), x(hi.saturating_add(1) as f64));
        let gap = if x1 - x0 > 3.0 { 1.0 } else { 0.0 };
        let top = y(b.count as f64);
        let tip = if hi == b.lo {
            format!("{}: {}", b.lo, count(b.count))
        } else {
            format!("{} to {}: {}", b.lo, hi, count(b.count))
        };
        let fill = if grouped(b.lo, b.hi) {
            LIGHT_BLUE
        } else {
            BLUE
        };
        svg_rect(
            &mut s,
            (x0 + gap / 2.0, top),
            ((x1 - x0 - gap).max(1.0), mt + ph - top),
            fill,
            &tip,
        );
    }
    if d.bins.iter().any(|b| grouped(b.lo, b.hi)) {
        let lx = ml + pw - 4.0;
        svg_text(&mut s, (lx, mt + 14.0), "end", 11, "", "wider grouped bin");
        svg_rect(&mut s, (lx - 118.0, mt + 5.0), (12.0, 10.0), LIGHT_BLUE, "");
    }

    // Axes and x ticks (integer values, labelled at the middle of their unit).
    svg_line(&mut s, (ml, mt), (ml, mt + ph), &axis);
    svg_line(&mut s, (ml, mt + ph), (ml + pw, mt + ph), &axis);
    let xstep = nice_step(span, 8).max(1.0);
    for v in ticks(xmin, xmax - 1.0, xstep) {
        let xx = x(v + 0.5);
        svg_line(&mut s, (xx, mt + ph), (xx, mt + ph + 4.0), &axis);
        svg_text(
            &mut s,
            (xx, mt + ph + 17.0),
            "middle",
            11,
            "",
            &tick_label(v, xstep),
        );
    }

    // Mean.
    if d.mean.is_finite() && d.mean >= xmin && d.mean <= xmax {
        let xm = x(d.mean + 0.5);
        svg_line(
            &mut s,
            (xm, mt),
            (xm, mt + ph),
            &format!("stroke=\"{RED}\" stroke-width=\"1.5\" stroke-dasharray=\"5 4\""),
        );
        let (anchor, dx) = if xm > ml + pw * 0.8 {
            ("end", -4.0)
        } else {
            ("start", 4.0)
        };
        svg_text(
            &mut s,
            (xm + dx, mt - 5.0),
            anchor,
            11,
            &format!(" fill=\"{RED}\""),
            &format!("mean {}", fixed(d.mean, 1)),
        );
    }

    let xlabel = if d.label.trim().is_empty() {
        "value"
    } else {
        d.label.as_str()
    };
    svg_text(
        &mut s,
        (ml + pw / 2.0, h as f64 - 12.0),
        "middle",
        12,
        &format!(" fill=\"{MUTED}\""),
        xlabel,
    );
    svg_vertical_text(&mut s, (18.0, mt + ph / 2.0), 12, "count");
    s.push_str("</svg>");
    s
}

// ------------------------------------------------------------------------------------------
// CSV tables
// ------------------------------------------------------------------------------------------

/// A float for CSV: 6 decimals (scientific for tiny values such as p-values), empty if not
/// finite.
fn csv_f(x: f64) -> String {
    if !x.is_finite() {
        String::new()
    } else if x != 0.0 && x.abs() < 1e-3 {
        format!("{x:.6e}")
    } else {
        format!("{x:.6}")
    }
}

fn csv_finish(w: csv::Writer<Vec<u8>>, table: &str) -> Result<Vec<u8>, String> {
    w.into_inner()
        .map_err(|e| format!("{table}: {}", e.error()))
}

/// `seats.csv`: one row per seat of the as-dealt games.
pub fn seats_csv(r: &BalanceReport) -> Result<Vec<u8>, String> {
    const TABLE: &str = "seats.csv";
    let err = |e: csv::Error| format!("{TABLE}: {e}");
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "seat",
        "agent",
        "games",
        "wins",
        "win_rate",
        "ci_lo",
        "ci_hi",
        "advantage",
        "significant",
        "mean_placing",
        "mean_points",
    ])
    .map_err(err)?;
    for s in &r.seats {
        w.write_record([
            s.seat.to_string(),
            s.agent.clone(),
            s.games.to_string(),
            s.wins.to_string(),
            csv_f(s.win_rate),
            csv_f(s.ci95.0),
            csv_f(s.ci95.1),
            csv_f(s.advantage),
            s.significant.to_string(),
            csv_f(s.mean_placing),
            csv_f(s.mean_points),
        ])
        .map_err(err)?;
    }
    csv_finish(w, TABLE)
}

/// `cards.csv`: one row per card kind in rank order, causal strength and observational metrics.
pub fn cards_csv(r: &BalanceReport) -> Result<Vec<u8>, String> {
    const TABLE: &str = "cards.csv";
    let err = |e: csv::Error| format!("{TABLE}: {e}");
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "rank",
        "kind",
        "code",
        "name",
        "type",
        "copies",
        "pairs",
        "skipped",
        "base_win_rate",
        "swap_win_rate",
        "strength",
        "ci_lo",
        "ci_hi",
        "p_value",
        "p_holm",
        "significant",
        "held_games",
        "win_when_held",
        "held_ci_lo",
        "held_ci_hi",
        "played_games",
        "win_when_played",
        "played_ci_lo",
        "played_ci_hi",
        "plays_per_game",
        "played_minus_held",
    ])
    .map_err(err)?;
    for c in &r.cards {
        w.write_record([
            c.rank.to_string(),
            c.kind.to_string(),
            c.code.clone(),
            c.name.clone(),
            c.card_type.clone(),
            c.copies.to_string(),
            c.pairs.to_string(),
            c.skipped.to_string(),
            csv_f(c.base_win_rate),
            csv_f(c.swap_win_rate),
            csv_f(c.strength),
            csv_f(c.ci95.0),
            csv_f(c.ci95.1),
            csv_f(c.p_value),
            csv_f(c.p_holm),
            c.significant.to_string(),
            c.held_games.to_string(),
            csv_f(c.win_when_held),
            csv_f(c.win_when_held_ci95.0),
            csv_f(c.win_when_held_ci95.1),
            c.played_games.to_string(),
            csv_f(c.win_when_played),
            csv_f(c.win_when_played_ci95.0),
            csv_f(c.win_when_played_ci95.1),
            csv_f(c.plays_per_game),
            csv_f(c.played_minus_held),
        ])
        .map_err(err)?;
    }
    csv_finish(w, TABLE)
}

/// `types.csv`: one row per card type in rank order; `kinds` lists the type's card codes,
/// separated by spaces.
pub fn types_csv(r: &BalanceReport) -> Result<Vec<u8>, String> {
    const TABLE: &str = "types.csv";
    let err = |e: csv::Error| format!("{TABLE}: {e}");
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "rank",
        "type",
        "kinds",
        "copies",
        "pairs",
        "skipped",
        "base_win_rate",
        "swap_win_rate",
        "strength",
        "ci_lo",
        "ci_hi",
        "p_value",
        "p_holm",
        "significant",
    ])
    .map_err(err)?;
    for c in &r.types {
        w.write_record([
            c.rank.to_string(),
            c.card_type.clone(),
            c.kinds.join(" "),
            c.copies.to_string(),
            c.pairs.to_string(),
            c.skipped.to_string(),
            csv_f(c.base_win_rate),
            csv_f(c.swap_win_rate),
            csv_f(c.strength),
            csv_f(c.ci95.0),
            csv_f(c.ci95.1),
            csv_f(c.p_value),
            csv_f(c.p_holm),
            c.significant.to_string(),
        ])
        .map_err(err)?;
    }
    csv_finish(w, TABLE)
}

/// The bins of a distribution: `lo,hi,count`.
pub fn distribution_csv(d: &Distribution) -> Result<Vec<u8>, String> {
    let table = format!("distribution table ({})", d.label);
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["lo", "hi", "count"])
        .map_err(|e| format!("{table}: {e}"))?;
    for b in &d.bins {
        w.write_record([b.lo.to_string(), b.hi.to_string(), b.count.to_string()])
            .map_err(|e| format!("{table}: {e}"))?;
    }
    csv_finish(w, &table)
}

// ------------------------------------------------------------------------------------------
// Tests
// ------------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;
    use crate::balance::report::{Bin, RunInfo, RunSetup, Shape, Skill, TypeRow};

    fn dist(label: &str, bins: &[(i64, i64, u64)]) -> Distribution {
        let samples = bins.iter().map(|b| b.2).sum();
        Distribution {
            label: label.to_string(),
            samples,
            mean: 12.5,
            p50: 12,
            p90: 20,
            p99: 25,
            min: bins.first().map_or(0, |b| b.0),
            max: bins.last().map_or(0, |b| b.1),
            bins: bins
                .iter()
                .map(|&(lo, hi, count)| Bin { lo, hi, count })
                .collect(),
        }
    }

    fn seat(seat: usize, win_rate: f64, significant: bool) -> SeatRow {
        SeatRow {
            seat,
            agent: "heuristic".to_string(),
            games: 1000,
            wins: (win_rate * 1000.0) as u64,
            win_rate,
            ci95: (win_rate - 0.03, win_rate + 0.03),
            advantage: win_rate - 1.0 / 3.0,
            significant,
            mean_placing: 2.0,
            mean_points: 31.4,
        }
    }

    fn card(rank: usize, code: &str, name: &str, strength: f64, significant: bool) -> CardRow {
        CardRow {
            kind: rank + 10,
            code: code.to_string(),
            name: name.to_string(),
            card_type: name.to_string(),
            copies: 2,
            rank,
            pairs: 900,
            skipped: 100,
            base_win_rate: 0.33,
            swap_win_rate: 0.33 + strength,
            strength,
            ci95: (strength - 0.01, strength + 0.01),
            p_value: if significant { 1e-9 } else { 0.4 },
            p_holm: if significant { 4e-9 } else { 1.0 },
            significant,
            held_games: 500,
            win_when_held: 0.4,
            win_when_held_ci95: (0.36, 0.44),
            played_games: 400,
            win_when_played: 0.45,
            win_when_played_ci95: (0.4, 0.5),
            plays_per_game: 0.8,
            played_minus_held: 0.05,
        }
    }

    fn type_row(rank: usize, name: &str, kinds: &[&str], strength: f64, sig: bool) -> TypeRow {
        TypeRow {
            card_type: name.to_string(),
            kinds: kinds.iter().map(|k| k.to_string()).collect(),
            copies: 2 * kinds.len() as u32,
            rank,
            pairs: 900 * kinds.len() as u64,
            skipped: 100 * kinds.len() as u64,
            base_win_rate: 0.33,
            swap_win_rate: 0.33 + strength,
            strength,
            ci95: (strength - 0.005, strength + 0.005),
            p_value: if sig { 3.2e-5 } else { 0.4 },
            p_holm: if sig { 1.28e-4 } else { 1.0 },
            significant: sig,
        }
    }

    fn sample() -> BalanceReport {
        BalanceReport {
            setup: RunSetup {
                variant: "classic".to_string(),
                players: 3,
                options: serde_json::json!({"stacking": false, "house": "a&b"}),
                agents: vec!["heuristic".into(), "heuristic".into(), "random".into()],
                skill_agent: "heuristic".to_string(),
                skill_baseline: "random".to_string(),
                seed: 42,
                max_deals: 10_000,
                precision_target: Some(0.02),
                command: "uno balance --variant classic --players 3 --seed 42 --deals 10000"
                    .to_string(),
                loser_only: false,
            },
            run: RunInfo {
                provenance: None,
                threads: 8,
                seconds: 12.34,
                games_per_second: 5000.0,
                interrupted: false,
            },
            deals: 10_000,
            games: 123_456,
            max_half_width: 0.015,
            summary: vec![
                "Seat 0 wins 2.10 pp more often than a fair share.".to_string(),
                "Wild Draw Four is the strongest card (+4.00 pp).".to_string(),
            ],
            seats: vec![
                seat(0, 0.355, true),
                seat(1, 0.33, false),
                seat(2, 0.315, false),
            ],
            seat_equality_p: 0.0123,
            categories: Vec::new(),
            shape: Shape {
                games: 10_000,
                completed: 9_990,
                truncated: 10,
                truncated_rate: 0.001,
                aborted: 0,
                turns: dist(
                    "turns per game",
                    &[(5, 9, 100), (10, 14, 400), (15, 40, 90)],
                ),
                hands: dist("hands per game", &[(1, 1, 10_000)]),
                points: dist("points per seat", &[(0, 0, 10_000), (1, 50, 20_000)]),
            },
            types: vec![
                type_row(1, "Wild Draw Four", &["W+4"], 0.04, true),
                type_row(2, "Wild", &["W"], 0.02, false),
                type_row(3, "Swap & <Skip>", &["S&"], 0.01, false),
                type_row(4, "Number", &["R5", "B0"], -0.005, false),
            ],
            cards: vec![
                card(1, "W+4", "Wild Draw Four", 0.04, true),
                card(2, "W", "Wild", 0.02, false),
                card(3, "S&", "Swap & <Skip> \"x\"", 0.01, false),
                card(4, "R5", "Red 5", 0.0, false),
                card(5, "B0", "Blue 0", -0.01, false),
            ],
            skill: Some(Skill {
                agent: "heuristic".to_string(),
                baseline: "random".to_string(),
                deals: 10_000,
                skilled_win_rate: 0.42,
                baseline_win_rate: 0.30,
                gap: 0.12,
                ci95: (0.10, 0.14),
                p_value: 1e-12,
            }),
        }
    }

    /// Empty points distribution, no skill section, one seat, zero-width intervals, a match
    /// (hands > 1) and some non-finite numbers.
    fn sparse() -> BalanceReport {
        let mut r = sample();
        r.shape.points = Distribution {
            label: "points per seat".to_string(),
            samples: 0,
            mean: f64::NAN,
            p50: 0,
            p90: 0,
            p99: 0,
            min: 0,
            max: 0,
            bins: Vec::new(),
        };
        r.shape.turns = dist("turns per game", &[(7, 7, 5)]);
        r.shape.hands = dist("hands per game", &[(1, 1, 3), (2, 2, 3), (3, 3, 3)]);
        r.skill = None;
        r.setup.players = 1;
        r.seats = vec![SeatRow {
            ci95: (1.0, 1.0),
            win_rate: 1.0,
            mean_points: f64::NAN,
            ..seat(0, 1.0, false)
        }];
        r.max_half_width = f64::INFINITY;
        for c in &mut r.cards {
            c.strength = 0.0;
            c.ci95 = (0.0, 0.0);
        }
        r.cards[4].strength = f64::NAN;
        r.cards[4].ci95 = (f64::NEG_INFINITY, f64::INFINITY);
        r
    }

    fn all_svgs(r: &BalanceReport) -> Vec<String> {
        vec![
            seats_svg(r),
            types_svg(r),
            cards_svg(r),
            histogram_svg(&r.shape.turns, TURNS_TITLE),
            histogram_svg(&r.shape.hands, HANDS_TITLE),
            histogram_svg(&r.shape.points, POINTS_TITLE),
        ]
    }

    /// Every `&` starts an entity the escaper writes.
    fn ampersands_escaped(s: &str) -> bool {
        s.match_indices('&').all(|(i, _)| {
            ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"]
                .iter()
                .any(|e| s[i..].starts_with(e))
        })
    }

    #[test]
    fn svgs_are_complete_finite_and_escaped() {
        for r in [sample(), sparse()] {
            for svg in all_svgs(&r) {
                assert!(svg.starts_with("<svg"), "{svg}");
                assert!(svg.ends_with("</svg>"), "{svg}");
                assert!(svg.contains("xmlns=\"http://www.w3.org/2000/svg\""));
                assert!(svg.contains("viewBox=\"0 0 "));
                assert!(!svg.contains("NaN") && !svg.contains("inf"), "{svg}");
                assert!(!svg.contains("& "), "{svg}");
                assert!(ampersands_escaped(&svg), "{svg}");
                assert!(!svg.contains("<script"));
            }
        }
    }

    #[test]
    fn cards_svg_has_every_code_and_a_legend() {
        let r = sample();
        let svg = cards_svg(&r);
        for c in &r.cards {
            assert!(svg.contains(&xml_escape(&c.code)), "missing {}", c.code);
        }
        assert!(svg.contains("significant (Holm p &lt; 0.05)"));
        assert!(svg.contains(RED));
        assert!(svg.contains("Swap &amp; &lt;Skip&gt; &quot;x&quot;"));
    }

    #[test]
    fn types_svg_has_every_type_strongest_first() {
        let r = sample();
        let svg = types_svg(&r);
        assert!(svg.contains("classic, 3 players: 4 card types, strongest first; 1 significant"));
        let at = |s: &str| svg.find(&format!(">{}</text>", xml_escape(s))).unwrap();
        assert!(at("Wild Draw Four") < at("Wild"));
        assert!(at("Wild") < at("Swap & <Skip>"));
        assert!(at("Swap & <Skip>") < at("Number"));
        assert!(
            svg.contains("#4 Number (2 kinds, 4 copies): -0.50 pp [-1.00, +0.00], Holm p 1.0000")
        );
        assert!(svg.contains(">type</text>"));
        let md = markdown(&r);
        assert!(
            md.find("![card type strength](types.svg)").unwrap()
                < md.find("### By card kind").unwrap()
        );
    }

    #[test]
    fn cards_svg_grows_with_the_number_of_kinds() {
        let mut r = sample();
        let small = cards_svg(&r);
        r.cards = (1..=300)
            .map(|i| card(i, &format!("K{i}"), "kind", 0.001 * i as f64, i % 7 == 0))
            .collect();
        let big = cards_svg(&r);
        let height = |s: &str| -> usize {
            let start = s.find("height=\"").unwrap() + 8;
            s[start..].split('"').next().unwrap().parse().unwrap()
        };
        assert!(height(&big) >= height(&small) + 295 * 14);
        assert!(big.contains(">K300<"));
    }

    #[test]
    fn empty_distribution_says_no_data() {
        let svg = histogram_svg(&sparse().shape.points, POINTS_TITLE);
        assert!(svg.contains("no data"));
        assert!(!histogram_svg(&sample().shape.turns, TURNS_TITLE).contains("no data"));
    }

    #[test]
    fn html_is_self_contained_with_inline_charts() {
        for r in [sample(), sparse()] {
            let page = html(&r);
            assert!(page.starts_with("<!DOCTYPE html>"));
            assert!(page.matches("<svg").count() >= 4);
            assert!(!page.contains("<script"));
            assert!(!page.contains("<link"));
            assert!(!page.contains("& "));
            assert!(page.contains("Swap &amp; &lt;Skip&gt;"));
            assert!(!page.contains("NaN") && !page.contains("inf "));
        }
        // The hands histogram only appears when a game can have more than one hand.
        assert_eq!(html(&sample()).matches("<svg").count(), 5);
        assert_eq!(html(&sparse()).matches("<svg").count(), 6);
    }

    #[test]
    fn markdown_puts_the_summary_first_and_shows_the_command() {
        let r = sample();
        let md = markdown(&r);
        let bullet = md.find("- Seat 0 wins 2.10 pp").unwrap();
        let table = md.find("| Seat |").unwrap();
        assert!(bullet < table);
        assert!(md.contains(&format!("```sh\n{}\n```", r.setup.command)));
        assert!(md.contains("![seat advantage](seats.svg)"));
        assert!(md.contains("![card strength](cards.svg)"));
        assert!(md.contains("| **yes** |"));
        assert!(md.contains("35.50%"));
        assert!(md.contains("correlational, not causal"));
        assert!(md.contains("[report.html](report.html)"));
        assert!(!md.contains("![hands per game]"));
        assert!(md.contains("Swap & \\<Skip> \"x\""));
        let sparse_md = markdown(&sparse());
        assert!(sparse_md.contains("Not measured in this run."));
        assert!(sparse_md.contains("![hands per game](hands.svg)"));
    }

    #[test]
    fn skill_section_names_the_baseline_and_reads_it_neutrally_unless_random() {
        let r = sample();
        let md = markdown(&r);
        assert!(
            md.contains("Baseline agent (`random`) win rate: 30.00%"),
            "{md}"
        );
        assert!(md.contains("decisions matter in this variant"));
        assert!(md.contains(", compared with `random` in the same seat"));
        let summary = crate::balance::summary(&r);
        assert!(summary.iter().any(|l| l.starts_with("Skill vs luck:")));

        let mut r = sample();
        r.setup.skill_agent = "neural:m".into();
        r.setup.skill_baseline = "heuristic".into();
        let s = r.skill.as_mut().unwrap();
        s.agent = "neural:m".into();
        s.baseline = "heuristic".into();
        for (ci95, verdict) in [
            ((0.10, 0.14), "neural:m is better"),
            ((-0.14, -0.10), "heuristic is better"),
            ((-0.01, 0.02), "no significant difference"),
        ] {
            let s = r.skill.as_mut().unwrap();
            s.ci95 = ci95;
            s.gap = (ci95.0 + ci95.1) / 2.0;
            for page in [markdown(&r), html(&r)] {
                assert!(
                    page.contains("the baseline <code>heuristic</code>")
                        || page.contains("the baseline `heuristic`")
                );
                assert!(page.contains("Baseline agent ("), "{page}");
                assert!(page.contains(", compared with "));
                let section = &page[page.rfind("Skill expression").unwrap()..];
                assert!(!section.contains("random"), "{section}");
                assert!(!section.contains("luck") && !section.contains("deal dominates"));
                assert!(section.contains(verdict), "{section}");
            }
            let summary = crate::balance::summary(&r);
            let line = summary
                .iter()
                .find(|l| l.starts_with("Agent comparison:"))
                .unwrap();
            assert!(
                line.contains("neural:m wins 42.00% and heuristic 30.00%"),
                "{line}"
            );
            assert!(line.ends_with(&format!(": {verdict}.")), "{line}");
            assert!(line.contains("(p < 1e-6)"), "{line}");
            assert!(!summary.iter().any(|l| l.contains("luck")));
        }
    }

    #[test]
    fn numbers_are_formatted_for_people() {
        assert_eq!(pct(0.2628), "26.28%");
        assert_eq!(pp(0.0123), "+1.23 pp");
        assert_eq!(pp(-0.00001), "+0.00 pp");
        assert_eq!(ci_pp((0.0051, 0.0195)), "[+0.51, +1.95]");
        assert_eq!(p_text(0.0123), "0.0123");
        assert_eq!(p_text(1e-9), "<1e-6");
        assert_eq!(p_text(3.2e-5), "3.2e-5");
        assert_eq!(p_text(f64::NAN), "n/a");
        assert_eq!(p_is(0.0123), "p = 0.0123");
        assert_eq!(p_is(0.0), "p < 1e-6");
        assert_eq!(count(1_234_567), "1,234,567");
        assert_eq!(count(999), "999");
        assert_eq!(
            xml_escape("a & <b> \"c\""),
            "a &amp; &lt;b&gt; &quot;c&quot;"
        );
        assert_eq!(tick_label(0.5, 0.5), "0.5");
        assert_eq!(tick_label(20.0, 5.0), "20");
    }

    #[test]
    fn summary_p_values_are_formatted_as_in_the_tables() {
        let mut r = sample();
        for (p, want) in [
            (3.2e-5, "(chi-square p = 3.2e-5)"),
            (1e-9, "(chi-square p < 1e-6)"),
            (0.0123, "(chi-square p = 0.0123)"),
        ] {
            r.seat_equality_p = p;
            let summary = crate::balance::summary(&r);
            let line = summary
                .iter()
                .find(|l| l.starts_with("Seat bias:"))
                .unwrap();
            assert!(line.contains(want), "{line}");
            assert!(!line.contains("0.0000"), "{line}");
            let md = markdown(&r);
            assert!(md.contains(&format!(
                "Seat equality (chi-square test on the seat win counts): {}",
                p_is(p)
            )));
        }
    }

    #[test]
    fn long_inline_code_wraps_inside_the_html_page() {
        let mut r = sample();
        let long: serde_json::Map<String, serde_json::Value> = (0..40)
            .map(|i| (format!("house_rule_option_{i}"), serde_json::json!(i)))
            .collect();
        r.setup.options = serde_json::Value::Object(long);
        let page = html(&r);
        assert!(page.contains("li code, p code { overflow-wrap: anywhere; }"));
        assert!(page.contains("<li>Options: <code>{&quot;house_rule_option_0&quot;:0,"));
    }

    #[test]
    fn cards_csv_parses_back() {
        let r = sample();
        let bytes = cards_csv(&r).unwrap();
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert_eq!(text.lines().count(), 1 + r.cards.len());
        let mut reader = csv::Reader::from_reader(bytes.as_slice());
        assert_eq!(reader.headers().unwrap().len(), 26);
        assert_eq!(&reader.headers().unwrap()[4], "type");
        let rows: Vec<csv::StringRecord> = reader.records().map(|x| x.unwrap()).collect();
        assert_eq!(rows.len(), r.cards.len());
        assert_eq!(&rows[0][2], "W+4");
        assert_eq!(&rows[0][4], "Wild Draw Four");
        assert_eq!(&rows[0][15], "true");
        assert_eq!(&rows[2][3], "Swap & <Skip> \"x\"");
        assert!((rows[0][10].parse::<f64>().unwrap() - 0.04).abs() < 1e-12);
    }

    #[test]
    fn types_csv_has_one_row_per_type_in_rank_order() {
        let r = sample();
        let text = String::from_utf8(types_csv(&r).unwrap()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "rank,type,kinds,copies,pairs,skipped,base_win_rate,swap_win_rate,strength,ci_lo,\
             ci_hi,p_value,p_holm,significant"
        );
        assert_eq!(
            lines[1],
            "1,Wild Draw Four,W+4,2,900,100,0.330000,0.370000,0.040000,0.035000,0.045000,\
             3.200000e-5,1.280000e-4,true"
        );
        assert_eq!(
            lines[4],
            "4,Number,R5 B0,4,1800,200,0.330000,0.325000,-0.005000,-0.010000,0.000000,\
             0.400000,1.000000,false"
        );
        assert_eq!(lines.len(), 5);
    }

    #[test]
    fn both_pages_show_the_type_table_before_the_kind_table() {
        let r = sample();
        let md = markdown(&r);
        let types = md.find("### By card type").unwrap();
        let kinds = md.find("### By card kind").unwrap();
        assert!(types < kinds);
        assert!(md.contains(
            "| Rank | Type | Kinds | Copies | Strength | 95% CI (pp) | p | Holm p | Significant | Swaps | Skipped |"
        ), "{md}");
        assert!(md.contains(
            "| 1 | Wild Draw Four | 1 | 2 | +4.00 pp | [+3.50, +4.50] | 3.2e-5 | 0.0001 | **yes** | 900 | 100 |"
        ), "{md}");
        assert!(md.contains(
            "| 4 | Number | 2 | 4 | -0.50 pp | [-1.00, +0.00] | 0.4000 | 1.0000 | no | 1,800 | 200 |"
        ), "{md}");
        assert!(md.contains("Holm-adjusted over the 4 types. Significant types: 1 of 4."));
        let page = html(&r);
        let types = page.find("<h3>By card type</h3>").unwrap();
        assert!(types < page.find("<h3>By card kind</h3>").unwrap());
        assert!(
            page.contains("<tr><td class=\"num\">4</td><td>Number</td><td class=\"num\">2</td>"),
            "{page}"
        );
        assert!(page.contains("<td>Swap &amp; &lt;Skip&gt;</td>"));
        assert!(md.contains("| Swap & \\<Skip> |"), "{md}");
    }

    /// A variant with seat categories gets their table after the seat table; one without
    /// (classic) gets none, and no `categories` key in `report.json`.
    #[test]
    fn seat_categories_table_only_when_the_variant_has_categories() {
        let mut r = sample();
        assert!(!markdown(&r).contains("By seat category"));
        assert!(!html(&r).contains("By seat category"));
        let json = serde_json::to_value(&r).unwrap();
        assert!(json.get("categories").is_none());
        r.categories = vec![
            CategoryRow {
                category: "power 9".to_string(),
                games: 1234,
                wins: 617,
                win_rate: 0.5,
                ci95: (0.472, 0.528),
                advantage: 0.5 - 1.0 / 3.0,
                significant: true,
            },
            CategoryRow {
                category: "power red".to_string(),
                games: 0,
                wins: 0,
                win_rate: 0.0,
                ci95: (0.0, 1.0),
                advantage: -1.0 / 3.0,
                significant: false,
            },
        ];
        let md = markdown(&r);
        let at = md.find("### By seat category").expect("the section");
        assert!(md.find("## Seat advantage").unwrap() < at);
        assert!(at < md.find("## Game shape").unwrap());
        assert!(
            md.contains(
                "| Category | Seat-games | Wins | Win rate | 95% CI | Advantage | Significant |"
            ),
            "{md}"
        );
        assert!(md.contains("| power 9 | 1,234 | 617 | "), "{md}");
        assert!(md.contains("| power red | 0 | 0 | "), "{md}");
        assert!(html(&r).contains("<h3>By seat category</h3>"));
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!(json["categories"][0]["category"], "power 9");
        assert_eq!(json["categories"][0]["games"], 1234);
    }

    #[test]
    fn seats_and_distribution_csv() {
        let seats = String::from_utf8(seats_csv(&sample()).unwrap()).unwrap();
        assert!(seats.starts_with(
            "seat,agent,games,wins,win_rate,ci_lo,ci_hi,advantage,significant,mean_placing,mean_points\n"
        ));
        assert_eq!(seats.lines().count(), 4);
        let turns = String::from_utf8(distribution_csv(&sample().shape.turns).unwrap()).unwrap();
        assert_eq!(turns, "lo,hi,count\n5,9,100\n10,14,400\n15,40,90\n");
        let empty = String::from_utf8(distribution_csv(&sparse().shape.points).unwrap()).unwrap();
        assert_eq!(empty, "lo,hi,count\n");
    }

    #[test]
    fn files_lists_the_whole_folder_in_order() {
        let names = FILE_NAMES;
        for r in [sample(), sparse()] {
            let files = files(&r).unwrap();
            assert_eq!(files.len(), 15);
            let got: Vec<&str> = files.iter().map(|(name, _)| *name).collect();
            assert_eq!(got, names);
            let json = std::str::from_utf8(&files[2].1).unwrap();
            assert!(json.ends_with("}\n"));
            let value: serde_json::Value = serde_json::from_str(json).unwrap();
            assert_eq!(value["setup"]["variant"], "classic");
            assert_eq!(value["types"][3]["card_type"], "Number");
            assert_eq!(value["types"][3]["kinds"], serde_json::json!(["R5", "B0"]));
            assert_eq!(value["types"][0]["ci95"], serde_json::json!([0.035, 0.045]));
            assert_eq!(value["cards"][0]["card_type"], "Wild Draw Four");
            assert!(files.iter().all(|(_, bytes)| !bytes.is_empty()));
        }
    }
}
