extension LanguageCatalogue {
    /// A policy's keys (Semantics §2, §13, §14), and a condition's (`/when/...`, Semantics §2.4)
    /// wherever a `when` is written. A line a key: path ; release ; value ; default ; feature ;
    /// marks (``LanguageCatalogue/rows(of:file:)`` reads them), each mapping's keys in the order of
    /// Semantics §2's tables.
    static let policyTable = #"""
        /reviewgate                      ; 0.2 ; integer: 1 ; required ; policy
        /name                            ; 0.2 ; policy name ; required ; policy
        /description                     ; 0.2 ; string ; null ; policy ; written
        /prompt                          ; 0.3 ; name ; "review" ; budget
        /enabled                         ; 0.2 ; boolean ; true ; policy ; written
        /extends                         ; 0.2 ; relative path ; null ; policy
        /requires                        ; 0.2 ; mapping ; null ; requires
        /app                             ; 0.2 ; mapping ; {} ; policy ; written
        /triggers                        ; 0.2 ; mapping of trigger ids to triggers ; required ; policy
        /guards                          ; 0.2 ; mapping ; {} ; policy ; written
        /responses                       ; 0.2 ; mapping ; {} ; policy ; written
        /counting                        ; 0.2 ; mapping ; {} ; policy ; written
        /presentation                    ; 0.2 ; mapping ; {} ; policy ; written
        /rollout                         ; 0.2 ; mapping ; null ; rollout ; written
        /experiment                      ; 0.4 ; mapping ; null ; experiment
        /lint                            ; 0.2 ; mapping ; {} ; policy ; written
        /renamed                         ; 0.5 ; mapping ; null ; renamed
        /channels                        ; 0.6 ; mapping ; {} ; channels
        /app/store_id                    ; 0.2 ; digits, quoted ; null ; policy ; written
        /app/package                     ; 0.2 ; Android application id ; null ; policy ; written
        /app/version_key                 ; 0.2 ; short | build ; "short" ; policy ; written
        /app/platform                    ; 0.2 ; ios | android ; "ios" ; policy ; written
        /triggers/*/event                ; 0.2 ; name ; the trigger's id ; policy ; written
        /triggers/*/at_least             ; 0.2 ; integer ≥ 1 ; required: one of at_least, exactly, every ; policy
        /triggers/*/exactly              ; 0.2 ; integer ≥ 1 ; required: one of at_least, exactly, every ; policy
        /triggers/*/every                ; 0.2 ; integer ≥ 1 ; required: one of at_least, exactly, every ; policy
        /triggers/*/within               ; 0.2 ; duration ; null ; policy ; written
        /triggers/*/since                ; 0.5 ; last_ask ; null ; since_ask
        /triggers/*/scenes               ; 0.2 ; list of names ; null ; policy ; written
        /triggers/*/when                 ; 0.2 ; condition ; null ; conditions ; written
        /guards/never_on                 ; 0.2 ; list of sources ; ["launch", "user_action"] ; policy ; written
        /guards/min_install_age          ; 0.2 ; duration ; null ; policy ; written
        /guards/min_launches             ; 0.2 ; integer ≥ 0 ; null ; policy ; written
        /guards/active_days              ; 0.5 ; mapping ; null ; active_days
        /guards/min_session_age          ; 0.2 ; duration ; null ; policy ; written
        /guards/min_version_age          ; 0.2 ; duration ; null ; policy ; written
        /guards/cooldown                 ; 0.2 ; duration ; null ; policy ; written lists 0.5
        /guards/once_per_version         ; 0.2 ; boolean ; false ; policy ; written
        /guards/max_asks                 ; 0.2 ; mapping ; null ; policy ; written
        /guards/system_quota             ; 0.2 ; mapping, or false ; {"max": 3, "per": "365d"} on ios, false on android ; policy ; written
        /guards/when                     ; 0.2 ; condition ; null ; conditions ; written
        /guards/max_asks/count           ; 0.2 ; integer ≥ 1 ; required ; policy
        /guards/max_asks/per             ; 0.2 ; duration ; null ; policy ; written
        /guards/system_quota/max         ; 0.2 ; integer ≥ 1 ; required ; policy
        /guards/system_quota/per         ; 0.2 ; duration ; null ; policy
        /guards/active_days/at_least     ; 0.5 ; integer 1–366 ; required ; active_days
        /guards/active_days/within       ; 0.5 ; duration in days, 1d–366d ; required ; active_days
        /responses/after_rated           ; 0.2 ; never | next_version ; "next_version" ; policy ; written
        /responses/after_declined        ; 0.2 ; never | next_version | duration ; "next_version" ; policy ; written lists 0.5
        /responses/after_later           ; 0.2 ; duration ; "1d" ; policy ; written lists 0.5
        /counting/while_blocked          ; 0.2 ; boolean ; true ; policy ; written
        /counting/reset_on_new_version   ; 0.2 ; boolean ; false ; policy ; written
        /presentation/delay              ; 0.2 ; duration ; "0s" ; policy ; written
        /presentation/require_same_scene ; 0.2 ; boolean ; false ; policy ; written
        /rollout/percent                 ; 0.2 ; number 0–100 ; required ; rollout
        /rollout/salt                    ; 0.2 ; string ; the policy's name ; rollout ; written
        /rollout/hash                    ; 0.6 ; v1 | v2 ; "v1" ; hash_v2 ; elsewhere
        /requires/app_version            ; 0.2 ; version ; null ; requires ; written
        /requires/library_version        ; 0.2 ; version ; null ; requires ; written
        /lint/allow                      ; 0.2 ; list of warning ids ; [] ; policy ; written
        /experiment/name                 ; 0.4 ; name ; required ; experiment ; elsewhere
        /experiment/salt                 ; 0.4 ; string ; the experiment's name ; experiment ; elsewhere
        /experiment/version              ; 0.4 ; integer ≥ 1 ; 1 ; experiment ; elsewhere
        /experiment/hash                 ; 0.6 ; v1 | v2 ; "v1" ; hash_v2 ; elsewhere
        /experiment/holdout              ; 0.4 ; percent, two decimals at most ; 0 ; experiment
        /experiment/arms                 ; 0.4 ; mapping of arm names to arms ; required ; experiment
        /experiment/arms/*/weight        ; 0.4 ; integer 0–10000 ; required ; experiment
        /experiment/arms/*/override      ; 0.4 ; mapping ; {} ; experiment
        /experiment/arms/*/override/triggers ; 0.4 ; as the policy's ; the policy's ; experiment
        /experiment/arms/*/override/guards ; 0.4 ; as the policy's ; the policy's ; experiment
        /experiment/arms/*/override/responses ; 0.4 ; as the policy's ; the policy's ; experiment
        /experiment/arms/*/override/presentation ; 0.4 ; as the policy's ; the policy's ; experiment
        /experiment/arms/*/override/enabled ; 0.4 ; as the policy's ; the policy's ; experiment
        /channels/testflight             ; 0.6 ; decide | block | no_quota ; "block" where a system_quota applies, else "decide" ; channels
        /channels/development            ; 0.6 ; decide | block | no_quota ; "no_quota" where a system_quota applies, else "decide" ; channels
        /renamed/events                  ; 0.5 ; mapping of old names to new ; {} ; renamed
        /renamed/prompts                 ; 0.5 ; mapping of old names to new ; {} ; renamed
        /when/all                        ; 0.2 ; list of conditions ; required ; conditions
        /when/any                        ; 0.2 ; list of conditions ; required ; conditions
        /when/not                        ; 0.2 ; condition ; required ; conditions
        /when/event                      ; 0.2 ; name ; required ; conditions
        /when/launches                   ; 0.2 ; mapping ; required ; conditions
        /when/install_age                ; 0.2 ; mapping ; required ; conditions
        /when/since_last_ask             ; 0.2 ; mapping ; required ; conditions
        /when/flag                       ; 0.2 ; name ; required ; conditions
        /when/attribute                  ; 0.2 ; name ; required ; conditions
        /when/app_version                ; 0.2 ; mapping ; required ; conditions
        /when/active_days                ; 0.5 ; mapping ; required ; active_days
        /when/event/at_least             ; 0.2 ; integer ≥ 0 ; null ; conditions
        /when/event/at_most              ; 0.2 ; integer ≥ 0 ; null ; conditions
        /when/event/exactly              ; 0.2 ; integer ≥ 0 ; null ; conditions
        /when/event/within               ; 0.2 ; duration ; null ; conditions
        /when/event/since                ; 0.5 ; last_ask ; null ; since_ask
        /when/launches/at_least          ; 0.2 ; integer ≥ 0 ; null ; conditions
        /when/launches/at_most           ; 0.2 ; integer ≥ 0 ; null ; conditions
        /when/launches/exactly           ; 0.2 ; integer ≥ 0 ; null ; conditions
        /when/active_days/at_least       ; 0.5 ; integer ≥ 0 ; null ; active_days
        /when/active_days/at_most        ; 0.5 ; integer ≥ 0 ; null ; active_days
        /when/active_days/within         ; 0.5 ; duration in days, 1d–366d ; required ; active_days
        /when/install_age/at_least       ; 0.2 ; duration ; null ; conditions
        /when/install_age/at_most        ; 0.2 ; duration ; null ; conditions
        /when/since_last_ask/at_least    ; 0.2 ; duration ; null ; conditions
        /when/since_last_ask/at_most     ; 0.2 ; duration ; null ; conditions
        /when/app_version/at_least       ; 0.2 ; version ; null ; conditions
        /when/app_version/below          ; 0.2 ; version ; null ; conditions
        /when/attribute/equals           ; 0.2 ; string, number or boolean ; null ; conditions
        /when/attribute/in               ; 0.2 ; list of strings, numbers or booleans ; null ; conditions
        /when/attribute/at_least         ; 0.2 ; number ; null ; conditions
        /when/attribute/at_most          ; 0.2 ; number ; null ; conditions
        """#
}
