// BrewStats — the statistics core: derived quantities, kernels, ISO weeks, regression, LOESS, and the
// five CSV summaries of a brew journal (docs/definitions.md).
//
// API overview (what the report layer uses):
//
//   let analysis = BrewAnalysis(journal: journal, options: options)   // derives the columns once
//   analysis.derived                       // DerivedColumns: ratio, espressoRatio, filterRatio, beverageMass,
//                                          // extractionYield (+ implausibleExtractionCount), strength,
//                                          // localDay, week, daysOffRoast, zone (ControlChartZone raw)
//   analysis.equipmentUsage()              // EquipmentUsageSummary  → .rows, .csv()  (equipment_usage.csv)
//   analysis.weekly()                      // WeeklySummary          → .rows, .csv()  (weekly.csv)
//   analysis.methodStats()                 // MethodStatsSummary     → .rows, .csv()  (method_stats.csv)
//   analysis.grindRating(curves:)          // GrindRatingSummary     → .groups, .csv() (grind_rating.csv)
//   analysis.periodSummary(_:through:)     // PeriodSummary          → .this/.previous, .csv() (week_summary.csv or
//                                          // period_summary.csv, by the period); weekSummary(week:) a whole week's
//   analysis.controlChartRows(espresso:in:) // the rows (a selection) the control charts draw; restChartRows(in:)
//                                          // those of the rest chart, restCurve(days:ratings:) its LOESS curve
//   analysis.periodTrend(_:bucket:)        // PeriodTrend: brews, mean rating and EY (with n) per day, week or month
//   analysis.latestWeek                    // default report week (week of the latest brew)
//
// Settings: StatsOptions (retention factor, plausible EY range, control-chart boxes, time zone, LOESS span,
// iterations and delta, rolling window, chart weeks, brews per bean). Time: IsoWeek ("YYYY-Www", index,
// firstDay), LocalCalendar (instant → local day in an IANA zone, DST-correct). Kernels: Kernel.count/sum/
// mean/variance/standardDeviation/min/max/quantile/median/summary/grouped over a Float64Column and a
// Selection; GroupIndex (group by integer codes, flat); pairwiseSum; quantileOfSorted (type 7);
// Regression.ols/theilSen/pearson/spearman/quadratic/averageRanks; loess(x:y:frac:iterations:delta:);
// Trend.rollingMean/weekOverWeek/linear/theilSen. CSV: CSVCell (number/date formatting, formula guard),
// CSVWriter (RFC 4180, CRLF).
//
// Every statistic skips missing values and reports an undefined result as nil (an empty CSV cell).
// The reference implementation these results are tested against is tools/reference/reference.py.
