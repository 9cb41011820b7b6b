/// The app's JSON export (docs/formats.md, "The app's JSON export"), in one place: each array's members, their keys,
/// their types and units, and the journal field each maps to.
///
/// `{"format": "coffee-journal", "version": 1, "methods": […], "grinders": […], "beans": […], "brews": […],
/// "tastingNotes": […]}`: entities and brews are objects whose members this schema lists; references are by id.
/// BrewImport's JSON importer, BrewExport's `JournalJSONWriter` and BrewSynth's `JSONExportWriter` each take a schema
/// value and walk its lists, so a member added here is read, written and generated; ``standard`` is the format as
/// the app writes it, its members in the app's order (the generator writes them so). Keys no reader uses (the
/// document's `exportedAt`, a tasting note's `notes`) are the generator's own, not the schema's.
///
/// - The reader reads a record's fields in the order of their field type's cases (the order the checks of a record
///   always ran in, so a record with two unreadable values names the same one), each field from every member that
///   names it: a later member's value replaces an earlier one's.
/// - The app's bookkeeping (``MethodField/isBookkeeping`` and its siblings: the cached counters and the record's
///   times) is read and generated, but brewstats' export leaves it out: it describes the app's store, not the
///   coffee, and the export keeps to the coffee (docs/export.md).
public struct JSONExportSchema: Sendable, Equatable {
    /// What a member's value is.
    public enum Kind: String, Sendable {
        /// A record's id, text.
        case id
        /// Another record's id, text.
        case reference
        /// Free text.
        case text
        /// One word of a closed list (a method category, a grinder type, a roast level).
        case word
        /// A decimal number.
        case number
        /// A whole number from 0 to 2⁵³ (a cached counter).
        case count
        /// A number, or text when the value is not one (a grind setting).
        case numberOrText
        /// `true` or `false`.
        case bool
        /// A date and time, ISO 8601 (without an offset: the import's time zone).
        case instant
        /// A calendar date, `YYYY-MM-DD`.
        case day
    }

    /// One member of a record: its key and the field it holds.
    public struct Member<Field: Sendable & Equatable>: Sendable, Equatable {
        public let key: String
        public let field: Field

        public init(_ key: String, _ field: Field) { self.key = key; self.field = field }
    }

    /// A method's fields, in the order the reader reads them.
    public enum MethodField: Sendable, CaseIterable {
        case id, name, category, notes, brewCount, lastUsed, createdAt, updatedAt

        public var kind: Kind {
            switch self {
            case .id: .id
            case .name, .notes: .text
            case .category: .word
            case .brewCount: .count
            case .lastUsed, .createdAt, .updatedAt: .instant
            }
        }

        /// The journal field it reads into and is written from.
        public var journal: String {
            switch self {
            case .id: "method.id"
            case .name: "method.name"
            case .category: "method.category (other when missing)"
            case .notes: "method.notes"
            case .brewCount: "method.cached_brew_count"
            case .lastUsed: "method.cached_last_used"
            case .createdAt: "method.created_at"
            case .updatedAt: "method.updated_at"
            }
        }

        /// The app's bookkeeping: read and generated, left out of brewstats' export.
        public var isBookkeeping: Bool {
            switch self {
            case .brewCount, .lastUsed, .createdAt, .updatedAt: true
            default: false
            }
        }
    }

    /// A grinder's fields, in the order the reader reads them.
    public enum GrinderField: Sendable, CaseIterable {
        case id, name, type, settingMin, settingMax, settingStep, notes, brewCount, lastUsed, createdAt, updatedAt

        public var kind: Kind {
            switch self {
            case .id: .id
            case .name, .notes: .text
            case .type: .word
            case .settingMin, .settingMax, .settingStep: .number
            case .brewCount: .count
            case .lastUsed, .createdAt, .updatedAt: .instant
            }
        }

        public var journal: String {
            switch self {
            case .id: "grinder.id"
            case .name: "grinder.name"
            case .type: "grinder.type"
            case .settingMin: "grinder.setting_min (0 when missing)"
            case .settingMax: "grinder.setting_max (40 when missing)"
            case .settingStep: "grinder.setting_step (1 when missing)"
            case .notes: "grinder.notes"
            case .brewCount: "grinder.cached_brew_count"
            case .lastUsed: "grinder.cached_last_used"
            case .createdAt: "grinder.created_at"
            case .updatedAt: "grinder.updated_at"
            }
        }

        public var isBookkeeping: Bool {
            switch self {
            case .brewCount, .lastUsed, .createdAt, .updatedAt: true
            default: false
            }
        }
    }

    /// A bean's fields, in the order the reader reads them.
    public enum BeanField: Sendable, CaseIterable {
        case id, name, roaster, origin, variety, processing, roastLevel, roastDate, isArchived, notes, frozenDate,
             thawDate, createdAt, updatedAt

        public var kind: Kind {
            switch self {
            case .id: .id
            case .name, .roaster, .origin, .variety, .processing, .notes: .text
            case .roastLevel: .word
            case .roastDate, .frozenDate, .thawDate: .day
            case .isArchived: .bool
            case .createdAt, .updatedAt: .instant
            }
        }

        public var journal: String {
            switch self {
            case .id: "bean.id"
            case .name: "bean.name"
            case .roaster: "bean.roaster"
            case .origin: "bean.origin"
            case .variety: "bean.variety"
            case .processing: "bean.processing"
            case .roastLevel: "bean.roast_level"
            case .roastDate: "bean.roast_date"
            case .isArchived: "bean.is_archived"
            case .notes: "bean.notes"
            case .frozenDate: "bean.frozen_date"
            case .thawDate: "bean.thaw_date"
            case .createdAt: "bean.created_at"
            case .updatedAt: "bean.updated_at"
            }
        }

        public var isBookkeeping: Bool {
            switch self {
            case .createdAt, .updatedAt: true
            default: false
            }
        }
    }

    /// A brew's fields, in the order the reader reads them (the values, then the references last, so a brew
    /// rejected for a value raises no dangling-reference warning).
    public enum BrewField: Sendable, CaseIterable {
        case id, brewDate, doseGrams, waterGrams, yieldGrams, brewTimeSeconds, waterTemperature, rating, tds,
             grindSetting, pressureProfile, notes, createdAt, updatedAt, method, grinder, bean

        public var kind: Kind {
            switch self {
            case .id: .id
            case .method, .grinder, .bean: .reference
            case .brewDate, .createdAt, .updatedAt: .instant
            case .doseGrams, .waterGrams, .yieldGrams, .brewTimeSeconds, .waterTemperature, .rating, .tds: .number
            case .grindSetting: .numberOrText
            case .pressureProfile, .notes: .text
            }
        }

        /// The unit of a number, or `nil`.
        public var unit: String? {
            switch self {
            case .doseGrams, .waterGrams, .yieldGrams: "g"
            case .brewTimeSeconds: "s"
            case .waterTemperature: "°C"
            case .tds: "%"
            case .rating: "0–5"
            default: nil
            }
        }

        public var journal: String {
            switch self {
            case .id: "id"
            case .brewDate: "brew_date"
            case .method: "method (by the method's id)"
            case .grinder: "grinder (by the grinder's id)"
            case .bean: "bean (by the bean's id)"
            case .doseGrams: "dose_g"
            case .waterGrams: "water_g"
            case .yieldGrams: "yield_g"
            case .brewTimeSeconds: "brew_time_s"
            case .waterTemperature: "water_temp_c"
            case .grindSetting: "grind_setting (grind_text when not a number)"
            case .pressureProfile: "pressure_profile"
            case .rating: "rating"
            case .tds: "tds_pct"
            case .notes: "notes"
            case .createdAt: "created_at"
            case .updatedAt: "updated_at"
            }
        }

        public var isBookkeeping: Bool {
            switch self {
            case .createdAt, .updatedAt: true
            default: false
            }
        }
    }

    /// A tasting note's fields, in the order the reader reads them; a note joins its brew by ``brew``.
    public enum NoteField: Sendable, CaseIterable {
        case id, brew, acidity, body, sweetness, flavorTags

        public var kind: Kind {
            switch self {
            case .id: .id
            case .brew: .reference
            case .acidity, .body, .sweetness: .number
            case .flavorTags: .text
            }
        }

        public var journal: String {
            switch self {
            case .id: "— (not read; written as the brew's id + \"-note\")"
            case .brew: "the brew it belongs to (by the brew's id)"
            case .acidity: "tasting_note.acidity"
            case .body: "tasting_note.body"
            case .sweetness: "tasting_note.sweetness"
            case .flavorTags: "tasting_note.flavor_tags"
            }
        }
    }

    /// The document's kind: `"format": "coffee-journal"`, `"version": 1`.
    public static let formatKey = "format", formatName = "coffee-journal", versionKey = "version", version = 1
    /// The arrays' keys, in the document's order.
    public static let methodsKey = "methods", grindersKey = "grinders", beansKey = "beans", brewsKey = "brews",
                      tastingNotesKey = "tastingNotes"

    public var methods: [Member<MethodField>]
    public var grinders: [Member<GrinderField>]
    public var beans: [Member<BeanField>]
    public var brews: [Member<BrewField>]
    public var tastingNotes: [Member<NoteField>]

    public init(methods: [Member<MethodField>], grinders: [Member<GrinderField>], beans: [Member<BeanField>],
                brews: [Member<BrewField>], tastingNotes: [Member<NoteField>]) {
        self.methods = methods; self.grinders = grinders; self.beans = beans; self.brews = brews
        self.tastingNotes = tastingNotes
    }

    /// The keys of `field` in `members`, in order.
    public static func keys<F>(_ members: [Member<F>], _ field: F) -> [String] {
        members.filter { $0.field == field }.map(\.key)
    }

    /// The app's own format, members in the app's order.
    public static let standard = JSONExportSchema(
        methods: [
            .init("id", .id), .init("name", .name), .init("category", .category), .init("notes", .notes),
            .init("brewCount", .brewCount), .init("lastUsedDate", .lastUsed), .init("createdAt", .createdAt),
            .init("updatedAt", .updatedAt),
        ],
        grinders: [
            .init("id", .id), .init("name", .name), .init("type", .type), .init("settingMin", .settingMin),
            .init("settingMax", .settingMax), .init("settingStep", .settingStep), .init("notes", .notes),
            .init("brewCount", .brewCount), .init("lastUsedDate", .lastUsed), .init("createdAt", .createdAt),
            .init("updatedAt", .updatedAt),
        ],
        beans: [
            .init("id", .id), .init("name", .name), .init("roaster", .roaster), .init("origin", .origin),
            .init("variety", .variety), .init("processing", .processing), .init("roastLevel", .roastLevel),
            .init("roastDate", .roastDate), .init("isArchived", .isArchived), .init("notes", .notes),
            .init("createdAt", .createdAt), .init("updatedAt", .updatedAt), .init("frozenDate", .frozenDate),
            .init("thawDate", .thawDate),
        ],
        brews: [
            .init("id", .id), .init("brewDate", .brewDate), .init("methodId", .method), .init("grinderId", .grinder),
            .init("beanId", .bean), .init("doseGrams", .doseGrams), .init("waterGrams", .waterGrams),
            .init("yieldGrams", .yieldGrams), .init("brewTimeSeconds", .brewTimeSeconds),
            .init("waterTemperature", .waterTemperature), .init("grindSetting", .grindSetting),
            .init("pressureProfile", .pressureProfile), .init("rating", .rating), .init("tds", .tds),
            .init("notes", .notes), .init("createdAt", .createdAt), .init("updatedAt", .updatedAt),
        ],
        tastingNotes: [
            .init("id", .id), .init("brewId", .brew), .init("acidity", .acidity), .init("body", .body),
            .init("sweetness", .sweetness), .init("flavorTags", .flavorTags),
        ]
    )
}
