//! Every sample of a `bench` run, for other tools (`--csv`) and for the
//! eye (`--plot FILE.svg`): the reference, the candidate and the reference
//! timed again (A/A), on one axis, each sample a dot in the order it was
//! taken, with the quartiles as a box and the median as a line, so that a
//! drift, a bimodal distribution or an outlier shows that a median hides.

use std::fmt::Write as _;

use super::bench::{BenchReport, Stats};

/// The three series of a run, by the role the CSV and the plot name.
fn series(report: &BenchReport) -> [(&'static str, &Stats); 3] {
    [
        ("reference", &report.reference),
        ("candidate", &report.candidate),
        ("reference-again", &report.reference_again),
    ]
}

/// `role,sample,us_per_dispatch`, one line per sample, in the order each
/// series was taken.
pub fn csv(report: &BenchReport) -> String {
    csv_of(&series(report))
}

fn csv_of(series: &[(&str, &Stats)]) -> String {
    let mut out = String::from("role,sample,us_per_dispatch\n");
    for (role, stats) in series {
        for (i, us) in stats.samples_us.iter().enumerate() {
            let _ = writeln!(out, "{role},{i},{us}");
        }
    }
    out
}

/// An SVG of the three distributions, titled with the ratio, its interval,
/// the noise floor and the verdict.
pub fn svg(report: &BenchReport) -> String {
    let title = format!(
        "{}: candidate / reference {:.4} (95% CI {:.4} to {:.4}); A/A {:.4}, noise floor ±{:.2}%; {}",
        report.input,
        report.ratio,
        report.ratio_ci95[0],
        report.ratio_ci95[1],
        report.aa_ratio,
        report.noise_floor * 100.0,
        report.verdict
    );
    svg_of(&title, &series(report))
}

const WIDTH: f64 = 900.0;
const ROW: f64 = 90.0;
const LEFT: f64 = 140.0;
const RIGHT: f64 = 30.0;
const TOP: f64 = 50.0;

fn svg_of(title: &str, series: &[(&str, &Stats)]) -> String {
    let all = series
        .iter()
        .flat_map(|(_, s)| s.samples_us.iter().copied());
    let (low, high) = all.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| {
        (l.min(v), h.max(v))
    });
    let (low, high) = match (low.is_finite(), high.is_finite()) {
        (true, true) if high > low => (low, high),
        (true, true) => (low - 0.5, high + 0.5),
        _ => (0.0, 1.0),
    };
    let pad = (high - low) * 0.05;
    let (low, high) = (low - pad, high + pad);
    let x = |us: f64| LEFT + (us - low) / (high - low) * (WIDTH - LEFT - RIGHT);
    let height = TOP + ROW * series.len() as f64 + 40.0;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" viewBox=\"0 0 {WIDTH} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n"
    );
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    let _ = writeln!(
        out,
        "<text x=\"10\" y=\"20\" font-size=\"13\">{}</text>",
        escape(title)
    );
    for (row, (role, stats)) in series.iter().enumerate() {
        let middle = TOP + ROW * row as f64 + ROW / 2.0;
        let _ = writeln!(
            out,
            "<text x=\"10\" y=\"{:.1}\">{}</text>",
            middle + 4.0,
            escape(role)
        );
        // The quartiles as a box, the median as a line across it.
        let _ = writeln!(
            out,
            "<rect x=\"{:.2}\" y=\"{:.1}\" width=\"{:.2}\" height=\"{:.1}\" fill=\"#dde6f3\" stroke=\"#4a6fa5\"/>",
            x(stats.q1_us),
            middle - ROW * 0.3,
            (x(stats.q3_us) - x(stats.q1_us)).max(1.0),
            ROW * 0.6
        );
        let _ = writeln!(
            out,
            "<line x1=\"{m:.2}\" x2=\"{m:.2}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#1f3b63\" stroke-width=\"2\"/>",
            middle - ROW * 0.35,
            middle + ROW * 0.35,
            m = x(stats.median_us)
        );
        // Each sample, spread vertically by the order it was taken.
        let n = stats.samples_us.len().max(1) as f64;
        for (i, &us) in stats.samples_us.iter().enumerate() {
            let y = middle - ROW * 0.25 + ROW * 0.5 * (i as f64 + 0.5) / n;
            let _ = writeln!(
                out,
                "<circle cx=\"{:.2}\" cy=\"{y:.2}\" r=\"1.6\" fill=\"#c0392b\" fill-opacity=\"0.6\"/>",
                x(us)
            );
        }
    }
    // The axis, in microseconds per dispatch.
    let axis = TOP + ROW * series.len() as f64 + 5.0;
    let _ = writeln!(
        out,
        "<line x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{axis}\" y2=\"{axis}\" stroke=\"black\"/>",
        WIDTH - RIGHT
    );
    for tick in 0..=4 {
        let us = low + (high - low) * tick as f64 / 4.0;
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{us:.3}</text>",
            x(us),
            axis + 16.0
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">microseconds per dispatch</text>",
        (LEFT + WIDTH - RIGHT) / 2.0,
        axis + 32.0
    );
    out.push_str("</svg>\n");
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(samples: &[f64]) -> Stats {
        let (median, q1, q3) = super::super::bench::quartiles(samples.to_vec());
        Stats {
            path: "x.wgsl".into(),
            median_us: median,
            q1_us: q1,
            q3_us: q3,
            samples: samples.len(),
            dispatches_per_pass: 4,
            samples_us: samples.to_vec(),
        }
    }

    #[test]
    fn the_csv_has_every_sample_of_every_series_in_order() {
        let reference = stats(&[10.0, 11.0]);
        let candidate = stats(&[5.5, 5.25, 5.0]);
        let csv = csv_of(&[("reference", &reference), ("candidate", &candidate)]);
        assert_eq!(
            csv,
            "role,sample,us_per_dispatch\nreference,0,10\nreference,1,11\ncandidate,0,5.5\ncandidate,1,5.25\ncandidate,2,5\n"
        );
    }

    #[test]
    fn the_plot_draws_a_dot_per_sample_a_box_per_series_and_escapes_the_title() {
        let reference = stats(&[10.0, 11.0, 12.0]);
        let candidate = stats(&[5.0, 5.0]);
        let svg = svg_of(
            "a <b> & c",
            &[("reference", &reference), ("candidate", &candidate)],
        );
        assert!(
            svg.starts_with("<svg ") && svg.ends_with("</svg>\n"),
            "{svg}"
        );
        assert_eq!(svg.matches("<circle ").count(), 5);
        assert_eq!(svg.matches("<rect ").count(), 2);
        assert!(svg.contains("a &lt;b&gt; &amp; c") && !svg.contains("<b>"));
        // The slowest sample sits right of the fastest.
        let cx = |n: usize| -> f64 {
            let at = svg.match_indices("cx=\"").nth(n).unwrap().0 + 4;
            svg[at..].split('"').next().unwrap().parse().unwrap()
        };
        assert!(cx(2) > cx(0) && cx(3) < cx(0), "{svg}");
    }
}
