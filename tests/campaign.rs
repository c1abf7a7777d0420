//! The campaign's data (`levels/campaign.ron`) loads and is checked with errors that name the
//! file, the line and the field; purse and unlocking follow the journey.

use khalif::campaign::{MatchResult, VenueKind, is_unlocked, journey, parse_campaign, settle};

#[test]
fn the_journey_loads_with_eight_venues_of_every_kind() {
    let campaign = journey().unwrap_or_else(|e| panic!("{e}"));
    assert!(campaign.venues.len() >= 8);
    // Every kind of place but the pub, where free matches are played outside the journey.
    for kind in VenueKind::ALL.into_iter().filter(|&kind| kind != VenueKind::Pub) {
        assert!(campaign.venues.iter().any(|v| v.kind == kind), "no {kind:?}");
    }
    assert!(campaign.venues.iter().all(|v| (2..=4).contains(&v.regulars.len())));
    let rival = campaign.rival.as_ref().expect("a rival follows the player");
    assert!(rival.appears_at.len() >= 3, "the rival turns up along the way");
    // Only the first venue is open to a newcomer with the starting purse.
    let open: Vec<&str> = campaign
        .venues
        .iter()
        .filter(|v| is_unlocked(&v.unlock, 0, campaign.starting_purse))
        .map(|v| v.name.as_str())
        .collect();
    assert_eq!(open, ["The Leaky Cistern"]);
    // Winning the first table's top stake twice opens the market by purse.
    let purse = settle(settle(campaign.starting_purse, 10, MatchResult::Won), 10, MatchResult::Won);
    assert!(is_unlocked(&campaign.venues[1].unlock, 0, purse));
}

/// A campaign text with eight copies of one venue, its regular's fields given by `regular`.
fn campaign_with(regular: &str) -> String {
    let venue = format!(
        "(name: \"V\", kind: Tavern, description: \"d\", unlock: (), stakes: (min: 1, max: 5),\n regulars: [\n{regular},\n(name: \"B\", bio: \"b\", personality: \"Old Yusuf\")])"
    );
    format!("(name: \"C\", starting_purse: 5, venues: [\n{}])", vec![venue; 8].join(",\n"))
}

#[test]
fn errors_name_the_file_the_line_and_the_field() {
    let unknown = campaign_with("(name: \"A\", bio: \"b\",\n personality: \"Nobody\")");
    assert_eq!(
        parse_campaign(&unknown, "c.ron").unwrap_err(),
        "c.ron:5: regular `A`, field `personality`: no personality `Nobody` in levels/personalities.ron"
    );
    let bad_start =
        campaign_with("(name: \"A\", bio: \"b\", personality: \"Old Yusuf\",\n conditions: [StartFrom(\"9/9 g 1\")])");
    let error = parse_campaign(&bad_start, "c.ron").unwrap_err();
    assert!(error.starts_with("c.ron:5: regular `A`, field `conditions`: bad KFEN"), "{error}");
    let bad_odds = campaign_with(
        "(name: \"A\", bio: \"b\", personality: \"Old Yusuf\",\n conditions: [RegularStartsWithout([\"e9\"])])",
    );
    let error = parse_campaign(&bad_odds, "c.ron").unwrap_err();
    assert!(error.contains("field `conditions`: odds are a Djinn or a Vizier; e9 holds neither"), "{error}");
    let lost_rival = unknown.replace("\n personality: \"Nobody\")", " personality: \"Old Yusuf\")") + "";
    let lost_rival = format!(
        "{}, rival: Some((name: \"T\", bio: \"b\",\n appears_at: [(\"Nowhere\", \"Old Yusuf\")],\n banter: (opening: [], first_capture: [], lost_vizier: [], winning: []))))",
        lost_rival.trim_end_matches(')')
    );
    let error = parse_campaign(&lost_rival, "c.ron").unwrap_err();
    assert!(error.ends_with("rival `T`, field `appears_at`: no venue `Nowhere`"), "{error}");
    let typo = campaign_with("(name: \"A\", bio: \"b\", persona: \"Old Yusuf\")");
    let error = parse_campaign(&typo, "c.ron").unwrap_err();
    assert!(error.starts_with("c.ron:4:") && error.contains("persona"), "{error}");
}

#[test]
fn a_profile_records_results_opens_venues_and_survives_a_round_trip() {
    use khalif::campaign::Profile;
    let campaign = journey().unwrap();
    let mut profile = Profile::new(&campaign);
    assert_eq!(profile.unlocked.iter().collect::<Vec<_>>(), ["The Leaky Cistern"]);
    let opened = profile.record(&campaign, "Old Yusuf", 10, MatchResult::Won);
    assert_eq!(opened, ["The Spice Market"], "a reputation of 3 opens the market");
    let opened = profile.record(&campaign, "Old Yusuf", 10, MatchResult::Won);
    assert_eq!(opened, ["The Caravanserai"], "a reputation of 6 opens Desert Pub Chess's venue");
    assert!(profile.record(&campaign, "Old Yusuf", 0, MatchResult::Drawn).is_empty());
    profile.record(&campaign, "Little Dunya", 10, MatchResult::Lost);
    assert_eq!((profile.purse, profile.reputation), (30, 6));
    assert!(profile.unlocked.contains("The Spice Market"), "an opened venue stays open");
    let yusuf = &profile.regulars["Old Yusuf"];
    assert_eq!((yusuf.won, yusuf.lost, yusuf.drawn, yusuf.coins), (2, 0, 1, 20));
    assert_eq!(profile.regulars["Little Dunya"].coins, -10);
    profile.lessons_done.insert("the Wadi".to_string());

    let folder = std::env::temp_dir().join(format!("khalif-profile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let path = folder.join("profile.ron");
    assert_eq!(Profile::load_from(&path).unwrap(), None, "no profile yet is not an error");
    profile.save_to(&path).unwrap();
    assert_eq!(Profile::load_from(&path).unwrap(), Some(profile.clone()));
    std::fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn a_corrupt_or_foreign_profile_is_set_aside_and_reported_never_overwritten() {
    use khalif::campaign::Profile;
    use khalif::persist::PersistError;
    let folder = std::env::temp_dir().join(format!("khalif-profile-bad-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join("profile.ron");
    for (bytes, what) in
        [("(format: KhalifProfile1, purse: 12", "cut short"), ("(music_volume: 0.5)", "a settings file")]
    {
        std::fs::write(&path, bytes).unwrap();
        match Profile::load_from(&path) {
            Err(PersistError::Corrupt { kept_at, .. }) => {
                assert_eq!(std::fs::read_to_string(&kept_at).unwrap(), bytes, "{what}: the bytes are kept");
                assert!(!path.exists(), "{what}: moved, so a new profile cannot overwrite it");
            }
            other => panic!("{what}: {other:?}"),
        }
    }
    std::fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn every_puzzle_is_proved_by_the_engine() {
    // Each puzzle's solution forces the win within its turns against any defence, and no
    // shorter win exists (the exact solver, src/ai/solve.rs).
    let puzzles = khalif::campaign::puzzles().unwrap_or_else(|e| panic!("{e}"));
    assert!(puzzles.len() >= 20, "{} puzzles", puzzles.len());
    assert!(puzzles.iter().any(|p| p.turns >= 2), "some puzzles need more than one turn");
    for puzzle in &puzzles {
        puzzle.verify().unwrap_or_else(|e| panic!("levels/khalif/puzzles.ron: {e}"));
    }
}

#[test]
fn a_wrong_puzzle_is_refused_with_its_name() {
    use khalif::campaign::parse_puzzles;
    use khalif::rules::GameId;
    let text = r#"[(name: "P", position: "4k4/r8/3D5/9/9/9/1R7/9/K8 g 40", turns: 2, solution: "Dd7xe9", hint: "")]"#;
    let puzzle = &parse_puzzles(GameId::Khalif, text, "p.ron").unwrap()[0];
    assert_eq!(puzzle.verify().unwrap_err(), "puzzle `P`: there is a win in fewer than 2 turns");
    let text = r#"[(name: "Q", position: "4k4/r8/3D5/9/9/9/1R7/9/K8 g 40", turns: 1, solution: "Rb3-b4", hint: "")]"#;
    let puzzle = &parse_puzzles(GameId::Khalif, text, "p.ron").unwrap()[0];
    assert_eq!(puzzle.verify().unwrap_err(), "puzzle `Q`: `Rb3-b4` does not force a win in 1 turns");
    assert!(
        parse_puzzles(
            GameId::Khalif,
            "[(name: \"R\", position: \"nonsense\", turns: 1, solution: \"\", hint: \"\")]",
            "p.ron"
        )
        .unwrap_err()
        .starts_with("p.ron: puzzle `R`: bad KFEN")
    );
}

#[test]
fn every_lesson_can_be_done_and_is_checked_by_the_core() {
    use khalif::campaign::{Lesson, lessons};
    use khalif::play::new_game;
    use khalif::rules::view::Effect;
    use khalif::rules::{GameId, Side};
    let lessons = lessons().unwrap_or_else(|e| panic!("{e}"));
    for rule in ["K3.5", "K4.1", "K4.2", "K4.3", "K4.4", "K4.5", "K4.6", "K4.7", "K5.2", "K5.3", "K5.4", "K6.1"] {
        assert!(lessons.iter().any(|l| l.rule == rule && l.game == GameId::Khalif), "no lesson teaches {rule}");
    }
    // Desert Pub Chess's own ideas: stepping never captures, the jump chain, promotion.
    for rule in ["P2.1", "P2.4", "P2.5", "P3.1"] {
        assert!(lessons.iter().any(|l| l.rule == rule && l.game == GameId::DesertPubChess), "no lesson teaches {rule}");
    }
    // Chafl's, for a chess player: nothing captures by landing, custodian capture, the corner,
    // joining, the colours, the Havens.
    for rule in ["H2.1", "H3.1", "H3.2", "H3.3", "H2.4", "H2.5", "H4.1", "H2.9"] {
        assert!(lessons.iter().any(|l| l.rule == rule && l.game == GameId::Chafl), "no lesson teaches {rule}");
    }
    let titles: std::collections::BTreeSet<&str> = lessons.iter().map(|l| l.title.as_str()).collect();
    assert_eq!(titles.len(), lessons.len(), "titles are unique: the profile keeps lessons by title");
    let judge = |lesson: &Lesson, turn: &str| {
        let mut game = new_game(lesson.game, Some(&lesson.position().unwrap())).unwrap();
        let effects: Vec<Effect> = game.play_notation(turn).unwrap().iter().map(|s| s.effect).collect();
        lesson.is_met(&effects, &game.board(), Side::First)
    };
    // K5.3: taking the Camel next to the Vizier is answered by the Guard; the Djinn is safe.
    let lesson = lessons.iter().find(|l| l.rule == "K5.3").unwrap();
    assert!(!judge(lesson, "Rd5xd7 !Gf7xd7") && judge(lesson, "Rd5xd2"));
    // P2.4: the chain is stopped where it is safe.
    let stop = lessons.iter().find(|l| l.title == "Stopping a chain").unwrap();
    assert!(judge(stop, "Wd2xd4") && !judge(stop, "Wd2xd4xf4"));
    // P2.1: the Pawn promotes to the piece the lesson asks for.
    let promotion = lessons.iter().find(|l| l.rule == "P2.1").unwrap();
    assert!(judge(promotion, "e7-e8=W") && !judge(promotion, "e7-e8=N"));
}

#[test]
fn an_impossible_lesson_is_refused() {
    use khalif::campaign::parse_lessons;
    let text =
        r#"[(title: "T", rule: "K4.1", text: "", pieces: "Ke1 Ra1 ke9", goal: Reach("Raider", "a9"), hint: "")]"#;
    let error = parse_lessons(khalif::rules::GameId::Khalif, text, "l.ron").unwrap_err();
    assert!(error.starts_with("l.ron: lesson `T`: no legal turn meets the goal"), "{error}");
}

#[test]
fn a_regulars_conditions_make_the_match() {
    use khalif::campaign::{Condition, Table};
    use khalif::rules::GameId::Khalif;
    use khalif::rules::khalif::{Position, Side, parse_kfen};
    let campaign = journey().unwrap();
    let regular = |name: &str| {
        let found = campaign.venues.iter().flat_map(|v| &v.regulars).find(|r| r.name == name);
        found.unwrap_or_else(|| panic!("no regular {name}")).conditions.clone()
    };
    // No conditions: the player's own choice of side, the usual start, takebacks allowed.
    let free = Table::set(Khalif, &[], Side::Second).unwrap();
    assert_eq!((free.player, free.takebacks, free.turn_limit), (Side::Second, true, None));
    assert_eq!(parse_kfen(&free.start), Ok(Position::start()));
    // Little Dunya insists the player takes Gold.
    assert_eq!(Table::set(Khalif, &regular("Little Dunya"), Side::Second).unwrap().player, Side::First);
    // Farid gives the odds of his c9 Vizier: he plays Silver without it.
    let odds = Table::set(Khalif, &regular("Farid the Weigher"), Side::Second).unwrap();
    assert_eq!(odds.player, Side::First);
    let start = parse_kfen(&odds.start).unwrap();
    assert_eq!(start.piece_at("c9".parse().unwrap()), None);
    assert_eq!(start.side(Side::Second).count() + 1, Position::start().side(Side::Second).count());
    assert!(!Table::set(Khalif, &regular("Auntie Layla"), Side::First).unwrap().takebacks);
    assert_eq!(Table::set(Khalif, &regular("Bosun Rafiq"), Side::Second).unwrap().turn_limit, Some(60));
    let custom = Table::set(Khalif, &regular("Mahmoud the Silent"), Side::First).unwrap();
    assert_eq!(parse_kfen(&custom.start).unwrap().side_to_move(), Side::Second, "his own start, Silver to move");
    // Contradicting conditions are refused, and the campaign reader reports them.
    let both =
        [Condition::PlayerPlays(khalif::campaign::Colour::Silver), Condition::RegularStartsWithout(vec!["c9".into()])];
    assert!(Table::set(Khalif, &both, Side::First).unwrap_err().contains("odds"));
    let contradiction = campaign_with(
        "(name: \"A\", bio: \"b\", personality: \"Old Yusuf\",\n conditions: [PlayerPlays(Silver), RegularStartsWithout([\"c9\"])])",
    );
    let error = parse_campaign(&contradiction, "c.ron").unwrap_err();
    assert!(error.starts_with("c.ron:5: regular `A`, field `conditions`"), "{error}");
}

#[test]
fn the_rival_follows_the_player_and_grows_stronger() {
    use khalif::campaign::Profile;
    let campaign = journey().unwrap();
    let venue = |name: &str| campaign.venues.iter().position(|v| v.name == name).unwrap();
    let rival_at = |profile: &Profile, name: &str| {
        campaign.contenders(venue(name), profile).into_iter().find(|c| c.rival_stage.is_some())
    };
    let mut profile = Profile::new(&campaign);
    let cistern = campaign.contenders(0, &profile);
    assert_eq!(cistern.len(), campaign.venues[0].regulars.len(), "no rival at the first tavern");
    assert_eq!(cistern[1].name, "Little Dunya");
    assert!(cistern[1].personality.banter.opening[0].contains("Father"), "a regular's own banter");
    let first = rival_at(&profile, "The Spice Market").expect("Tariq waits at the market");
    assert_eq!((first.name.as_str(), first.rival_stage), ("Tariq the Quick", Some(0)));
    assert!(rival_at(&profile, "The Barracks of the Gate").is_none());
    profile.record(&campaign, "Tariq the Quick", 5, MatchResult::Lost);
    assert!(rival_at(&profile, "The Spice Market").is_some(), "a loss leaves him where he was");
    profile.record(&campaign, "Tariq the Quick", 5, MatchResult::Won);
    let second = rival_at(&profile, "The Barracks of the Gate").expect("he moves on up the hill");
    assert!(second.personality.level > first.personality.level, "and plays stronger");
    assert_eq!(second.personality.banter.opening, first.personality.banter.opening, "his own lines");
    assert!(rival_at(&profile, "The Spice Market").is_none());
    for _ in 0..3 {
        profile.record(&campaign, "Tariq the Quick", 5, MatchResult::Won);
    }
    assert_eq!(campaign.rival_stage(&profile), Some(4), "the rival's thread is over");
    assert!(
        campaign
            .venues
            .iter()
            .enumerate()
            .all(|(i, _)| campaign.contenders(i, &profile).iter().all(|c| c.rival_stage.is_none()))
    );
}

#[test]
fn a_profile_from_before_puzzles_were_kept_still_loads() {
    use khalif::campaign::Profile;
    let folder = std::env::temp_dir().join(format!("khalif-old-profile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join("profile.ron");
    let old = "(format: KhalifProfile1, purse: 42, reputation: 5, unlocked: [\"The Leaky Cistern\"], lessons_done: [\"The Wadi\"], regulars: {})";
    std::fs::write(&path, old).unwrap();
    let profile = Profile::load_from(&path).unwrap().expect("the old profile is read, not set aside");
    assert_eq!((profile.purse, profile.puzzles_solved.len()), (42, 0));
    std::fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn a_venue_of_the_journey_plays_desert_pub_chess_with_its_own_conditions() {
    use khalif::campaign::{Profile, Table};
    use khalif::rules::desert_pub_chess::parse_position;
    use khalif::rules::{GameId, Side};
    let campaign = journey().unwrap();
    let (index, venue) =
        campaign.venues.iter().enumerate().find(|(_, v)| v.game == GameId::DesertPubChess).expect("a venue plays it");
    assert!(index > 0 && index < 5, "met early on the journey, after the first tables");
    assert!(campaign.venues.iter().filter(|v| v.game == GameId::Khalif).count() >= 8, "Khalif's journey kept whole");
    let contenders = campaign.contenders(index, &Profile::new(&campaign));
    assert!(contenders.len() >= 2);
    // Rashid gives a Knight as odds: he plays Black without the one on b8, and no takebacks.
    let rashid = venue.regulars.iter().find(|r| r.name.starts_with("Rashid")).unwrap();
    let table = Table::set(venue.game, &rashid.conditions, Side::Second).unwrap();
    assert_eq!((table.game, table.player, table.takebacks), (GameId::DesertPubChess, Side::First, false));
    let start = parse_position(&table.start).unwrap();
    assert_eq!(start.piece_at("b8".parse().unwrap()), None);
    let card = rashid.conditions[0].card(venue.game, &rashid.name).1;
    assert_eq!(card, "Rashid of the Long Chains starts without the Knight on b8.");
    // Odds in Desert Pub Chess are a desert jumper or a Knight, never a Prince or a Pawn.
    let text = campaign_with(
        "(name: \"A\", bio: \"b\", personality: \"Old Yusuf\",\n conditions: [RegularStartsWithout([\"e8\"])])",
    )
    .replacen("kind: Tavern", "game: DesertPubChess, kind: Tavern", 1);
    let error = parse_campaign(&text, "c.ron").unwrap_err();
    assert!(error.contains("odds are a Desert Wazir or a Desert Ferz or a Knight; e8 holds none of them"), "{error}");
}

#[test]
fn a_venue_of_the_journey_plays_chafl_with_its_regulars_and_odds() {
    use khalif::campaign::{Profile, Table};
    use khalif::rules::chafl::{Kind, parse_position};
    use khalif::rules::{GameId, Side};
    let campaign = journey().unwrap();
    let (index, venue) =
        campaign.venues.iter().enumerate().find(|(_, v)| v.game == GameId::Chafl).expect("a venue plays it");
    assert!(venue.regulars.len() >= 3);
    let contenders = campaign.contenders(index, &Profile::new(&campaign));
    assert!(!contenders.is_empty());
    // Old Tariq gives a Horse: Black without the one on b8, and no takebacks.
    let tariq = venue.regulars.iter().find(|r| r.name.starts_with("Old Tariq")).unwrap();
    let table = Table::set(venue.game, &tariq.conditions, Side::Second).unwrap();
    assert_eq!((table.game, table.player, table.takebacks), (GameId::Chafl, Side::First, false));
    let start = parse_position(&table.start).unwrap();
    assert_eq!(start.piece_at("b8".parse().unwrap()), None);
    assert_eq!(start.piece_at("g8".parse().unwrap()).map(|p| p.kind), Some(Kind::Horse));
    let card = tariq.conditions[0].card(venue.game, &tariq.name).1;
    assert_eq!(card, "Old Tariq the Messenger starts without the Horse on b8.");
}

#[test]
fn venues_of_the_journey_play_both_izdaris_with_their_lessons_offered() {
    use khalif::campaign::{Profile, Table, lessons};
    use khalif::rules::izdari::Kind;
    use khalif::rules::{GameId, Rules, Side};
    let campaign = journey().unwrap();
    let lessons = lessons().unwrap();
    for game in [GameId::Izdari, GameId::IzdariClassic] {
        let (index, venue) =
            campaign.venues.iter().enumerate().find(|(_, v)| v.game == game).expect("a venue plays it");
        assert!(venue.regulars.len() >= 2 && !campaign.contenders(index, &Profile::new(&campaign)).is_empty());
        // The venue screen offers the game's lessons before the first wager there.
        assert!(lessons.iter().filter(|l| l.game == game).count() >= 3, "{game}: lessons to offer");
    }
    // Assassin's Izdari's lessons teach the Wagon, the Archer, the Templar and the Dunes.
    for rule in ["A1.3", "A2.2", "A3.1", "A3.6", "A4.2", "A4.3"] {
        assert!(lessons.iter().any(|l| l.rule == rule && l.game == GameId::Izdari), "no lesson teaches {rule}");
    }
    let regular = |name: &str| {
        let venue = campaign.venues.iter().find(|v| v.regulars.iter().any(|r| r.name == name)).unwrap();
        (venue.game, venue.regulars.iter().find(|r| r.name == name).unwrap().conditions.clone())
    };
    // Brother Hakim gives a Halfling: he plays the Northlands without the one on a7.
    let (game, conditions) = regular("Brother Hakim of the Templars");
    let table = Table::set(game, &conditions, Side::Second).unwrap();
    assert_eq!((table.player, table.takebacks), (Side::First, false));
    let start = khalif::rules::izdari::AssassinsIzdari::parse_position(&table.start).unwrap();
    let a7 = khalif::rules::izdari::parse_square(start.version(), "a7").unwrap();
    assert_eq!(start.at(a7), None, "a7 empty");
    assert_eq!(conditions[0].card(game, "Hakim").1, "Hakim starts without the Halfling on a7.");
    assert_eq!(Table::set(game, &regular("Nadia the Wagoner").1, Side::Second).unwrap().player, Side::First);
    // The fort's Quartermaster gives a Lizard of the classic game's Black.
    let (game, conditions) = regular("The Fort's Quartermaster");
    let table = Table::set(game, &conditions, Side::Second).unwrap();
    let start = khalif::rules::izdari::ClassicIzdari::parse_position(&table.start).unwrap();
    assert_eq!(start.pieces().filter(|(_, p)| p.side == Side::Second && p.kind == Kind::Lizard).count(), 2);
    // A side the game does not have is refused by name.
    let text =
        campaign_with("(name: \"A\", bio: \"b\", personality: \"Old Yusuf\",\n conditions: [PlayerPlays(Southlands)])");
    let error = parse_campaign(&text, "c.ron").unwrap_err();
    assert!(error.contains("Southlands is not a side of Khalif: Gold or Silver"), "{error}");
}
