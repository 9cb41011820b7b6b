import BrewAdvice
import BrewBacktest
import BrewNames
import MCP

extension BrewTool {
    /// `dial_in`: the grind setting to brew next for a bag on a grinder × method, with the best setting's interval
    /// and the evidence — `brewstats dial-in --json`'s object, by the same encoder
    /// (``BrewAdvice/DialInAdvice/json``), with the same look-alike notes
    /// (``BrewNames/NearDuplicates/lookAlikeNotes(in:_:)``).
    ///
    /// With `backtest` true the object's `"backtest"` is the grinder × method's back-test verdict
    /// (``BrewBacktest/BacktestVerdict``, as `dial-in --backtest` gives it: that pair's bags replayed), else null.
    ///
    /// Names are matched as the command matches them (ignoring case, a unique beginning); a name that matches
    /// nothing is refused with the journal's names, one that begins several with those names.
    static let dialIn = BrewTool(
        name: "dial_in",
        title: "Dial-in advice",
        summary: """
            Which grind setting to brew next for a bean on a grinder × method, and how sure brewstats is: next (the \
            setting to brew next, on the grinder's own scale), best (the estimated best setting with its 80 % interval \
            and expected rating, or null), safe and experiment picks, a confidence word, why (a sentence or two), and \
            the evidence (brews, rated brews, earlier bags, brews left out for no rating or no grind setting), \
            and with backtest true the back-test's verdict for the grinder × method (its bags replayed: did the \
            advice point at each bag's best-rated setting sooner than the user brewed it?). The same object as \
            `brewstats dial-in --json`. Unknown names are refused with the journal's names.
            """,
        arguments: [
            Argument(name: "grinder", kind: .string,
                     summary: "The grinder, as the journal names it (case ignored; a unique beginning is enough).",
                     required: true),
            Argument(name: "method", kind: .string,
                     summary: "The brew method, as the journal names it (e.g. V60, Espresso).", required: true),
            Argument(name: "bean", kind: .string,
                     summary: "The bean (also \"Roaster Name\"); default: the one brewed most recently on this "
                         + "grinder × method."),
            Argument(name: "profile", kind: .string,
                     summary: "For espresso: the pressure profile whose shots to advise (default: the latest shot's); "
                         + "profiles are never pooled, but for the seconds per step."),
            Argument(name: "backtest", kind: .boolean,
                     summary: "Also replay the advice over this grinder × method's bags and give the back-test's "
                         + "verdict (a few seconds on a long journal); default false."),
        ],
        answer: { arguments, served throws(MCPToolError) in
            let journal = served.result.journal
            var options = served.dialIn
            options.profile = arguments.string("profile")
            do throws(AdviceError) {
                let found = try DialInAdvisor.advise(journal: journal, grinder: arguments.string("grinder") ?? "",
                                                     method: arguments.string("method") ?? "",
                                                     bean: arguments.string("bean"), options: options)
                let notes = NearDuplicates.lookAlikeNotes(in: journal,
                                                          [(.grinder, found.grinder), (.method, found.method)])
                let verdict = arguments.flag("backtest")
                    ? BacktestVerdict(journal: journal, grinder: found.grinderIndex, method: found.methodIndex,
                                      advice: options) : nil
                return ToolAnswer(json: found.adding(notes: notes).json(backtest: verdict))
            } catch {
                throw .noAnswer(tool: "dial_in", message: error.description)
            }
        }
    )
}
