extension LanguageCatalogue {
    /// A budget's keys (Semantics §12).
    static let budgetTable = #"""
        /reviewgate_budget        ; 0.3 ; integer: 1 ; required ; budget
        /name                     ; 0.3 ; policy name ; required ; budget
        /description              ; 0.3 ; string ; null ; budget
        /extends                  ; 0.3 ; relative path ; null ; budget
        /prompts                  ; 0.3 ; mapping of prompt names to prompts ; required ; budget
        /limits                   ; 0.3 ; list of limits ; [] ; budget
        /gaps                     ; 0.3 ; list of gaps ; [] ; budget
        /lease                    ; 0.3 ; duration ; "30s" ; budget
        /lint                     ; 0.3 ; mapping ; {} ; budget
        /renamed                  ; 0.5 ; mapping ; null ; renamed
        /prompts/*/priority       ; 0.3 ; integer 1–100 ; required ; budget
        /prompts/*/policy         ; 0.3 ; relative path ; null ; budget
        /prompts/*/ignores_budget ; 0.3 ; boolean ; false ; budget
        /prompts/*/state_error    ; 0.6 ; allow | block ; "block" ; damage
        /prompts/*/channels       ; 0.6 ; mapping ; {} ; channels
        /prompts/*/channels/testflight ; 0.6 ; decide | block | no_quota ; "block" where a system_quota applies, else "decide" ; channels
        /prompts/*/channels/development ; 0.6 ; decide | block | no_quota ; "no_quota" where a system_quota applies, else "decide" ; channels
        /limits/*/max             ; 0.3 ; integer ≥ 1 ; required ; budget
        /limits/*/per             ; 0.3 ; duration, or session ; a lifetime ; budget
        /gaps/*/after             ; 0.3 ; prompt name ; any prompt ; budget
        /gaps/*/before            ; 0.3 ; prompt name ; any prompt ; budget
        /gaps/*/min               ; 0.3 ; duration ; required ; budget
        /lint/allow               ; 0.3 ; list of warning ids ; [] ; budget
        /renamed/prompts          ; 0.5 ; mapping of old names to new ; {} ; renamed
        """#

    /// A scenario file's keys (Semantics §6).
    static let scenarioTable = #"""
        /reviewgate_scenario             ; 0.2 ; integer: 1 ; required ; scenario
        /name                            ; 0.2 ; string ; required ; scenario
        /description                     ; 0.2 ; string ; null ; scenario
        /policy                          ; 0.2 ; relative path ; required: policy or budget ; scenario
        /budget                          ; 0.3 ; relative path ; required: policy or budget ; budget
        /start                           ; 0.2 ; timestamp ; required ; scenario
        /state                           ; 0.2 ; state, or a relative path ; a fresh install at start ; scenario
        /steps                           ; 0.2 ; list of steps ; required ; scenario
        /golden                          ; 0.2 ; relative path ; null ; scenario
        /channel                         ; 0.6 ; production | testflight | development ; "production" ; channels
        /steps/*/launch                  ; 0.2 ; null or {} ; one action ; scenario ; elsewhere
        /steps/*/event                   ; 0.2 ; name ; one action ; scenario ; elsewhere
        /steps/*/trigger                 ; 0.2 ; trigger id ; one action ; scenario ; elsewhere
        /steps/*/update                  ; 0.2 ; mapping ; one action ; scenario ; elsewhere
        /steps/*/respond                 ; 0.2 ; rated | declined | later | write_review ; one action ; scenario ; elsewhere
        /steps/*/set                     ; 0.2 ; mapping ; one action ; scenario ; elsewhere
        /steps/*/merge                   ; 0.6 ; person record, or a relative path ; one action ; devices ; elsewhere
        /steps/*/commit                  ; 0.3 ; prompt name ; one action ; budget ; elsewhere
        /steps/*/release                 ; 0.3 ; prompt name ; one action ; budget ; elsewhere
        /steps/*/want                    ; 0.3 ; prompt name, or a list of them ; null ; budget ; elsewhere
        /steps/*/lease                   ; 0.3 ; boolean ; false ; budget ; elsewhere
        /steps/*/prompt                  ; 0.3 ; prompt name ; null ; budget ; elsewhere
        /steps/*/scene                   ; 0.2 ; name ; null ; scenario ; elsewhere
        /steps/*/source                  ; 0.2 ; system | launch | user_action ; "system" ; scenario ; elsewhere
        /steps/*/channel                 ; 0.6 ; production | testflight | development ; the scenario's channel ; channels ; elsewhere
        /steps/*/after                   ; 0.2 ; duration ; "0s" ; scenario ; elsewhere
        /steps/*/at                      ; 0.2 ; timestamp ; null ; scenario ; elsewhere
        /steps/*/repeat                  ; 0.2 ; integer ≥ 1 ; 1 ; scenario ; elsewhere
        /steps/*/expect                  ; 0.2 ; decision, or mapping ; null ; scenario ; elsewhere
        /steps/*/update/short            ; 0.2 ; string ; null ; scenario
        /steps/*/update/build            ; 0.2 ; string ; null ; scenario
        /steps/*/set/flags               ; 0.2 ; mapping of names to booleans ; {} ; scenario
        /steps/*/set/attributes          ; 0.2 ; mapping of names to values ; {} ; scenario
        /steps/*/expect/decision         ; 0.2 ; allow | block ; null ; scenario
        /steps/*/expect/trigger          ; 0.2 ; trigger id ; null ; scenario
        /steps/*/expect/blocked_by       ; 0.2 ; list of check ids ; null ; scenario
        /steps/*/expect/next_eligible_at ; 0.2 ; timestamp, or null ; null ; scenario
        /steps/*/expect/arm              ; 0.4 ; arm name ; null ; experiment
        /steps/*/expect/exposure         ; 0.4 ; boolean ; null ; experiment
        /steps/*/expect/*/decision       ; 0.3 ; allow | block ; null ; budget
        /steps/*/expect/*/trigger        ; 0.3 ; trigger id ; null ; budget
        /steps/*/expect/*/blocked_by     ; 0.3 ; list of check ids ; null ; budget
        /steps/*/expect/*/next_eligible_at ; 0.3 ; timestamp, or null ; null ; budget
        """#

    /// A state file's keys (Semantics §3).
    static let stateTable = #"""
        /reviewgate_state         ; 0.2 ; integer: 1 ; required ; state
        /written_by               ; 0.6 ; reviewgate version ; null ; state
        /user_id                  ; 0.2 ; string ; null ; state
        /device_id                ; 0.6 ; string ; null ; devices
        /installed_at             ; 0.2 ; timestamp ; required ; state
        /session_started_at       ; 0.2 ; timestamp ; null ; state
        /launches                 ; 0.2 ; integer ≥ 0 ; 0 ; state
        /app                      ; 0.2 ; mapping ; required ; state
        /version_first_seen_at    ; 0.2 ; timestamp ; null ; state
        /events                   ; 0.2 ; mapping of names to counts ; {} ; state
        /active_days              ; 0.5 ; list of local dates ; [] ; active_days
        /asks                     ; 0.2 ; list of asks ; [] ; state
        /responses                ; 0.2 ; list of responses ; [] ; state
        /leases                   ; 0.2 ; list of leases ; [] ; state
        /experiments              ; 0.4 ; mapping of experiment names ; {} ; experiment
        /flags                    ; 0.2 ; mapping of names to booleans ; {} ; state
        /attributes               ; 0.2 ; mapping of names to values ; {} ; state
        /app/short                ; 0.2 ; string ; null ; state
        /app/build                ; 0.2 ; string ; null ; state
        /events/*/count           ; 0.2 ; integer ≥ 0 ; 0 ; state
        /events/*/times           ; 0.2 ; list of timestamps ; [] ; state
        /events/*/since_ask       ; 0.5 ; integer ≥ 0 ; 0 ; since_ask
        /asks/*/at                ; 0.2 ; timestamp ; required ; state
        /asks/*/short             ; 0.2 ; string ; null ; state
        /asks/*/build             ; 0.2 ; string ; null ; state
        /asks/*/trigger           ; 0.2 ; trigger id ; null ; state
        /asks/*/prompt            ; 0.3 ; prompt name ; "review" ; budget
        /asks/*/device            ; 0.6 ; string ; this device ; devices
        /responses/*/at           ; 0.2 ; timestamp ; required ; state
        /responses/*/kind         ; 0.2 ; rated | declined | later | write_review ; required ; state
        /responses/*/prompt       ; 0.3 ; prompt name ; "review" ; budget
        /responses/*/device       ; 0.6 ; string ; this device ; devices
        /leases/*/id              ; 0.2 ; string ; required ; state
        /leases/*/prompt          ; 0.2 ; prompt name ; "review" ; state
        /leases/*/at              ; 0.2 ; timestamp ; required ; state
        /leases/*/expires         ; 0.2 ; timestamp ; required ; state
        /experiments/*/arm        ; 0.4 ; arm name ; required ; experiment
        /experiments/*/version    ; 0.4 ; integer ≥ 1 ; required ; experiment
        /experiments/*/exposed_at ; 0.4 ; timestamp ; required ; experiment
        """#

    /// A person record's keys (Semantics §16.5).
    static let personTable = #"""
        /reviewgate_person ; 0.6 ; integer: 1 ; required ; devices
        /user_id           ; 0.6 ; string ; null ; devices
        /asks              ; 0.6 ; list of asks ; [] ; devices
        /answers           ; 0.6 ; list of answers ; [] ; devices
        /asks/*/at         ; 0.6 ; timestamp ; required ; devices
        /asks/*/device     ; 0.6 ; string ; required ; devices
        /asks/*/prompt     ; 0.6 ; prompt name ; "review" ; devices
        /asks/*/short      ; 0.6 ; string ; null ; devices
        /asks/*/build      ; 0.6 ; string ; null ; devices
        /answers/*/at      ; 0.6 ; timestamp ; required ; devices
        /answers/*/device  ; 0.6 ; string ; required ; devices
        /answers/*/prompt  ; 0.6 ; prompt name ; "review" ; devices
        /answers/*/kind    ; 0.6 ; rated | declined | later ; required ; devices
        """#

    /// A compiled scenario's keys (Semantics §16.2): the build plugin's, read by the test kit.
    static let compiledScenarioTable = #"""
        /reviewgate_compiled_scenario ; 0.6 ; integer: 1 ; required ; test_kit
        /scenario                     ; 0.6 ; the scenario, its files as resources ; required ; test_kit
        /resources                    ; 0.6 ; mapping of references to resource names ; required ; test_kit
        /locations                    ; 0.6 ; mapping of JSON Pointers to places ; required ; test_kit
        """#

    /// A compiled policy's keys (Semantics §9).
    static let compiledPolicyTable = #"""
        /reviewgate_compiled ; 0.2 ; integer: 1 ; required ; compiled
        /digest              ; 0.2 ; sha256:HEX ; required ; compiled
        /policy              ; 0.2 ; the canonical policy ; required ; compiled
        /locations           ; 0.2 ; mapping of JSON Pointers to places ; required ; compiled
        """#

    /// A compiled budget's keys (Semantics §12).
    static let compiledBudgetTable = #"""
        /reviewgate_compiled_budget ; 0.3 ; integer: 1 ; required ; budget
        /digest                     ; 0.3 ; sha256:HEX ; required ; budget
        /budget                     ; 0.3 ; the canonical budget ; required ; budget
        /locations                  ; 0.3 ; mapping of JSON Pointers to places ; required ; budget
        /policies                   ; 0.3 ; mapping of prompt names to compiled policies ; required ; budget
        """#

    /// A synthetic cohort's keys (Semantics §10, `simulate --synthetic`).
    static let cohortTable = #"""
        /reviewgate_cohort ; 0.2 ; integer: 1 ; required ; simulate
        /name              ; 0.2 ; string ; required ; simulate
        /description       ; 0.2 ; string ; null ; simulate
        /seed              ; 0.2 ; integer ≥ 0 ; 1 ; simulate
        /people            ; 0.2 ; integer ≥ 1 ; required ; simulate
        /start             ; 0.2 ; timestamp ; required ; simulate
        /installs_over     ; 0.2 ; duration ; "0s" ; simulate
        /days              ; 0.2 ; integer ≥ 1 ; required ; simulate
        /app               ; 0.2 ; mapping ; {"short": "1.0", "build": "1"} ; simulate
        /updates           ; 0.2 ; mapping ; null ; simulate
        /launches_per_day  ; 0.2 ; rate ; 1 ; simulate
        /events            ; 0.2 ; mapping of event names to rates ; {} ; simulate
        /wants             ; 0.3 ; mapping of prompt names to rates ; {} ; budget
        /churn             ; 0.2 ; mapping ; null ; simulate
        /app/short         ; 0.2 ; string ; "1.0" ; simulate
        /app/build         ; 0.2 ; string ; "1" ; simulate
        /updates/every     ; 0.2 ; duration ≥ 1d ; required ; simulate
        /churn/per_day     ; 0.2 ; chance 0–1 ; required ; simulate
        /events/*/per_day  ; 0.2 ; rate ; required ; simulate
        /events/*/scene    ; 0.2 ; name ; null ; simulate
        /wants/*/per_day   ; 0.3 ; rate ; required ; budget
        /wants/*/scene     ; 0.3 ; name ; null ; budget
        """#
}
