//! The learning curve: `curve.csv` and a self-contained `curve.svg` (win rate on the held-out
//! deals against random and against the heuristic, with 95% intervals, over training games).

use super::{CurvePoint, Eval, TrainConfig};
use crate::balance::render::xml_escape;

/// CSV: one row per evaluation.
pub fn csv(points: &[CurvePoint]) -> Result<Vec<u8>, String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header: Vec<String> = ["iteration", "games", "samples", "seconds", "loss"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    if let Some(p) = points.first() {
        for e in &p.evals {
            for col in ["games", "wins", "win_rate", "lo", "hi"] {
                header.push(format!("vs_{}_{col}", e.opponent));
            }
        }
    }
    w.write_record(&header).map_err(|e| e.to_string())?;
    for p in points {
        let mut row = vec![
            p.iteration.to_string(),
            p.games.to_string(),
            p.samples.to_string(),
            format!("{:.1}", p.seconds),
            p.loss.map(|l| format!("{l:.5}")).unwrap_or_default(),
        ];
        for e in &p.evals {
            row.extend([
                e.games.to_string(),
                e.wins.to_string(),
                format!("{:.4}", e.win_rate),
                format!("{:.4}", e.lo),
                format!("{:.4}", e.hi),
            ]);
        }
        w.write_record(&row).map_err(|e| e.to_string())?;
    }
    w.into_inner().map_err(|e| e.to_string())
}

const COLORS: [&str; 4] = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"];

/// Line chart of win rate against training games, one line (and interval band) per opponent,
/// with the 1/players level of an equal player dashed, and the heuristic's own win rate against
/// random on the same deals dotted.
pub fn svg(points: &[CurvePoint], cfg: &TrainConfig, baseline: Option<&Eval>) -> String {
    let (w, h) = (720.0, 420.0);
    let (l, r, t, b) = (64.0, 170.0, 40.0, 52.0);
    let pw = w - l - r;
    let ph = h - t - b;
    let max_games = points.iter().map(|p| p.games).max().unwrap_or(0).max(1) as f64;
    let x = |g: u64| l + pw * g as f64 / max_games;
    let y = |v: f64| t + ph * (1.0 - v.clamp(0.0, 1.0));
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n\
         <text x=\"{l}\" y=\"22\" font-size=\"14\">Learning curve: {} {}p, win rate on {} held-out \
         deals × {} seats</text>\n",
        cfg.variant, cfg.players, cfg.eval_deals, cfg.players
    );
    for i in 0..=10 {
        let v = i as f64 / 10.0;
        s += &format!(
            "<line x1=\"{l}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/>\
             <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{:.0}%</text>\n",
            l + pw,
            l - 6.0,
            y(v) + 4.0,
            v * 100.0,
            y = y(v)
        );
    }
    for i in 0..=4 {
        let g = (max_games * i as f64 / 4.0).round() as u64;
        s += &format!(
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{g}</text>\n",
            x(g),
            t + ph + 18.0
        );
    }
    s += &format!(
        "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">training games</text>\n\
         <text transform=\"translate(16 {:.1}) rotate(-90)\" text-anchor=\"middle\">win rate \
         (95% interval)</text>\n",
        l + pw / 2.0,
        h - 12.0,
        t + ph / 2.0
    );
    let fair = 1.0 / cfg.players as f64;
    s += &format!(
        "<line x1=\"{l}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#888\" \
         stroke-dasharray=\"5 4\"/>\n",
        l + pw,
        y = y(fair)
    );
    let opponents: Vec<String> = points
        .first()
        .map(|p| p.evals.iter().map(|e| e.opponent.clone()).collect())
        .unwrap_or_default();
    for (k, name) in opponents.iter().enumerate() {
        let c = COLORS[k % COLORS.len()];
        let ev: Vec<(u64, f64, f64, f64)> = points
            .iter()
            .filter_map(|p| {
                p.evals
                    .iter()
                    .find(|e| &e.opponent == name)
                    .map(|e| (p.games, e.win_rate, e.lo, e.hi))
            })
            .collect();
        let mut band: Vec<String> = ev
            .iter()
            .map(|&(g, _, _, hi)| format!("{:.1},{:.1}", x(g), y(hi)))
            .collect();
        band.extend(
            ev.iter()
                .rev()
                .map(|&(g, _, lo, _)| format!("{:.1},{:.1}", x(g), y(lo))),
        );
        s += &format!(
            "<polygon points=\"{}\" fill=\"{c}\" fill-opacity=\"0.15\" stroke=\"none\"/>\n",
            band.join(" ")
        );
        let line: Vec<String> = ev
            .iter()
            .map(|&(g, v, _, _)| format!("{:.1},{:.1}", x(g), y(v)))
            .collect();
        s += &format!(
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{c}\" stroke-width=\"2\"/>\n",
            line.join(" ")
        );
        let ly = t + 20.0 + 22.0 * k as f64;
        s += &format!(
            "<line x1=\"{}\" x2=\"{}\" y1=\"{ly}\" y2=\"{ly}\" stroke=\"{c}\" stroke-width=\"2\"/>\
             <text x=\"{}\" y=\"{}\">vs {}</text>\n",
            l + pw + 12.0,
            l + pw + 36.0,
            l + pw + 42.0,
            ly + 4.0,
            xml_escape(name)
        );
    }
    let mut ly = t + 20.0 + 22.0 * opponents.len() as f64;
    if let Some(b) = baseline {
        s += &format!(
            "<line x1=\"{l}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"{c}\" \
             stroke-dasharray=\"2 3\" stroke-width=\"2\"/>\n\
             <line x1=\"{}\" x2=\"{}\" y1=\"{ly}\" y2=\"{ly}\" stroke=\"{c}\" \
             stroke-dasharray=\"2 3\" stroke-width=\"2\"/><text x=\"{}\" y=\"{}\">heuristic \
             vs random</text>\n",
            l + pw,
            l + pw + 12.0,
            l + pw + 36.0,
            l + pw + 42.0,
            ly + 4.0,
            y = y(b.win_rate),
            c = COLORS[0]
        );
        ly += 22.0;
    }
    s += &format!(
        "<line x1=\"{}\" x2=\"{}\" y1=\"{ly}\" y2=\"{ly}\" stroke=\"#888\" \
         stroke-dasharray=\"5 4\"/><text x=\"{}\" y=\"{}\">equal share 1/{}</text>\n</svg>\n",
        l + pw + 12.0,
        l + pw + 36.0,
        l + pw + 42.0,
        ly + 4.0,
        cfg.players
    );
    s
}
