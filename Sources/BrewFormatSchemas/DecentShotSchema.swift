import BrewColumns

/// Decent's shot files, the JSON v2 shot (what the DE1 app uploads to Visualizer) and the Tcl `.shot` file, in one
/// place: each series and brew field, its keys, its unit and what it maps to in the journal (docs/formats.md,
/// "Shot files"; docs/export.md, "Decent JSON").
///
/// BrewShots' Decent reader, BrewExport's Decent writer and BrewSynth's Decent generator each take a schema value
/// and walk its lists, so a field added here is read, written and generated; ``standard`` is the format as Decent's
/// app writes it. Keys that no reader uses (the app's `resistance`, `water_dispensed`, its skin) are the
/// generator's own, not the schema's.
public struct DecentShotSchema: Sendable, Equatable {
    /// One series: a list of samples of one channel, `group.key` in the JSON, `tcl` in a `.shot` file.
    public struct Series: Sendable, Equatable {
        /// The JSON object it sits in (`pressure`) and its key there (`goal`).
        public let group: String
        public let key: String
        /// The `.shot` file's list (`espresso_pressure_goal`).
        public let tcl: String
        /// The samples table's channel it is read into and written from (its unit is the channel's).
        public let channel: ShotChannel

        public init(group: String, key: String, tcl: String, channel: ShotChannel) {
            self.group = group; self.key = key; self.tcl = tcl; self.channel = channel
        }

        /// `group.key`, as the JSON reader names a sample list.
        public var path: String { group + "." + key }
    }

    /// A brew field a Decent file can hold, and the journal field it maps to.
    public enum Field: String, Sendable, CaseIterable {
        case profile, roaster, bean, roastDate, grinder, grindSetting, dose, yield, time, enjoyment, tds, ey, notes,
             waterTemperature, beverageType

        /// What the field holds: text, or a decimal number (0 meaning "not entered", as the app writes it).
        public var isNumber: Bool {
            switch self {
            case .dose, .yield, .time, .enjoyment, .tds, .ey, .waterTemperature: true
            default: false
            }
        }

        /// The unit of a number field, `nil` for none.
        public var unit: String? {
            switch self {
            case .dose, .yield: "g"
            case .time: "s"
            case .tds, .ey: "%"
            case .waterTemperature: "°C"
            case .enjoyment: "0–100"
            default: nil
            }
        }

        /// The journal field it reads into and is written from (a brew table column, or an entity's field).
        public var journal: String {
            switch self {
            case .profile: "pressure_profile"
            case .roaster: "bean.roaster"
            case .bean: "bean.name"
            case .roastDate: "bean.roast_date"
            case .grinder: "grinder.name"
            case .grindSetting: "grind_setting (grind_text when not a number)"
            case .dose: "dose_g"
            case .yield: "yield_g"
            case .time: "brew_time_s"
            case .enjoyment: "rating × 20"
            case .tds: "tds_pct"
            case .ey: "tds_pct (from EY × yield ÷ dose, when no TDS)"
            case .notes: "notes"
            case .waterTemperature: "water_temp_c"
            case .beverageType:
                "method.category (filter or pourover: a filter brew made on the machine; cleaning or calibrate: " +
                    "a cleaning shot, left out)"
            }
        }
    }

    /// Where a field is stored: the path of keys from the JSON's root (`meta`, `bean`, `brand`). A `.shot` file
    /// holds the ``settings`` fields in its `settings` block, by the same key.
    public struct Place: Sendable, Equatable {
        public let path: [String]
        public let field: Field

        public init(_ path: [String], _ field: Field) { self.path = path; self.field = field }
    }

    /// The time axis: `elapsed` in the JSON, `espresso_elapsed` in a `.shot` file (seconds from the shot's start).
    public static let timeKey = "elapsed", timeTcl = "espresso_elapsed"
    /// The phase markers: ±10,000,000 with the sign flipped at each phase's first sample.
    public static let stateChangeKey = "state_change", stateChangeTcl = "espresso_state_change"
    /// The JSON object of the app's settings (`app.data.settings`); the `.shot` file's `settings` block.
    public static let settingsPath = ["app", "data", "settings"]

    /// The series, in the order the DE1 app writes them.
    public var series: [Series]
    /// The fields of the app's settings, by setting name (where Visualizer's parser reads them), in order.
    public var settings: [Place]
    /// The fields of `meta` and `profile`, read after the settings (a value there replaces the setting's).
    public var fields: [Place]

    public init(series: [Series], settings: [Place], fields: [Place]) {
        self.series = series; self.settings = settings; self.fields = fields
    }

    /// The key of a setting place (its path's last key).
    public static func settingKey(_ place: Place) -> String { place.path.last ?? "" }

    /// Every JSON list read as samples: the time axis, each series and the phase markers.
    public var sampleKeys: Set<String> { Set([Self.timeKey, Self.stateChangeKey] + series.map(\.path)) }

    /// Decent's own format.
    public static let standard = DecentShotSchema(
        series: [
            Series(group: "pressure", key: "pressure", tcl: "espresso_pressure", channel: .pressure),
            Series(group: "pressure", key: "goal", tcl: "espresso_pressure_goal", channel: .pressureGoal),
            Series(group: "flow", key: "flow", tcl: "espresso_flow", channel: .flow),
            Series(group: "flow", key: "by_weight", tcl: "espresso_flow_weight", channel: .weightFlow),
            Series(group: "flow", key: "goal", tcl: "espresso_flow_goal", channel: .flowGoal),
            Series(group: "temperature", key: "basket", tcl: "espresso_temperature_basket",
                   channel: .basketTemperature),
            Series(group: "temperature", key: "mix", tcl: "espresso_temperature_mix", channel: .mixTemperature),
            Series(group: "temperature", key: "goal", tcl: "espresso_temperature_goal", channel: .temperatureGoal),
            Series(group: "totals", key: "weight", tcl: "espresso_weight", channel: .weight),
        ],
        settings: ([
            ("profile_title", .profile), ("bean_brand", .roaster), ("bean_type", .bean), ("roast_date", .roastDate),
            ("grinder_model", .grinder), ("grinder_setting", .grindSetting), ("grinder_dose_weight", .dose),
            ("drink_weight", .yield), ("drink_tds", .tds), ("drink_ey", .ey), ("espresso_enjoyment", .enjoyment),
            ("espresso_notes", .notes), ("espresso_temperature", .waterTemperature),
            ("beverage_type", .beverageType),
        ] as [(String, Field)]).map { Place(settingsPath + [$0.0], $0.1) },
        fields: [
            Place(["meta", "in"], .dose), Place(["meta", "out"], .yield), Place(["meta", "time"], .time),
            Place(["meta", "bean", "brand"], .roaster), Place(["meta", "bean", "type"], .bean),
            Place(["meta", "bean", "roast_date"], .roastDate),
            Place(["meta", "grinder", "model"], .grinder), Place(["meta", "grinder", "setting"], .grindSetting),
            Place(["meta", "shot", "enjoyment"], .enjoyment), Place(["meta", "shot", "tds"], .tds),
            Place(["meta", "shot", "ey"], .ey), Place(["meta", "shot", "notes"], .notes),
            Place(["profile", "title"], .profile), Place(["profile", "beverage_type"], .beverageType),
        ]
    )
}
