//! Neural agent: the play-time network equals burn's, model files round-trip to identical
//! decisions, and the legal-action mask is never broken.
#![cfg(feature = "neural")]

use burn::prelude::*;
use burn::tensor::TensorData;
use std::sync::Arc;
use uno_agents::neural::{greedy, save_net, NetConfig, NeuralAgent, NeuralModel, QNet};
use uno_agents::{Agent, AgentSpec, Decision, ObservationEncoder};
use uno_engine::classic::{ClassicOptions, ClassicState, NUM_ACTIONS};
use uno_engine::{ActionList, Game, Rng};

fn config(hidden: Vec<usize>) -> NetConfig {
    NetConfig {
        format: uno_agents::neural::net::FORMAT.into(),
        variant: "classic".into(),
        players: 2,
        options: serde_json::Value::Null,
        encoder: None,
        obs_len: uno_agents::ClassicEncoder::LEN,
        num_actions: NUM_ACTIONS,
        hidden,
    }
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("uno-neural-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Plays `games` games with `agents` in the seats, collecting every decision's action.
fn decisions(model: &Arc<NeuralModel>, games: u64) -> Vec<u16> {
    let mut out = Vec::new();
    let mut legal = ActionList::new();
    for g in 0..games {
        let mut s = ClassicState::deal(ClassicOptions::default(), 2, 1000 + g);
        let mut agent = NeuralAgent::<ClassicState>::new("n".into(), model.clone(), 0.0);
        let mut rng = Rng::new(g);
        let mut steps = 0;
        while let Some((seat, kind)) = s.to_act() {
            s.legal_actions(&mut legal);
            let d = Decision::new(&s, seat, kind, legal.as_slice());
            let a = agent.act(&d, &mut rng);
            assert!(legal.contains(a), "neural agent chose an illegal action");
            out.push(a);
            s.apply(a).unwrap();
            steps += 1;
            if steps > 3000 {
                break;
            }
        }
    }
    out
}

#[test]
fn plain_forward_matches_burn() {
    let cfg = config(vec![32, 16]);
    let device = Device::flex();
    let mut rng = Rng::new(3);
    let mut mlp = QNet::init(&cfg, 7, &device).to_mlp();
    // The output layer starts at zero: give it values to compare.
    let out = mlp.layers.last_mut().unwrap();
    assert!(out.w.iter().chain(&out.b).all(|&v| v == 0.0));
    for v in out.w.iter_mut().chain(out.b.iter_mut()) {
        *v = rng.unit() as f32 - 0.5;
    }
    let net = QNet::from_mlp(&mlp, &device);
    assert_eq!(net.to_mlp(), mlp);
    let mut scratch = mlp.scratch();
    let mut q = vec![0.0f32; NUM_ACTIONS];
    for _ in 0..5 {
        // Sparse inputs, as observations are.
        let x: Vec<f32> = (0..cfg.obs_len)
            .map(|_| {
                if rng.chance(0.2) {
                    rng.unit() as f32 * 3.0
                } else {
                    0.0
                }
            })
            .collect();
        mlp.forward(&x, &mut scratch, &mut q);
        let t = net.forward(Tensor::<2>::from_data(
            TensorData::new(x.clone(), [1, cfg.obs_len]),
            &device,
        ));
        let burn_q: Vec<f32> = t.into_data().try_into_vec::<f32>().unwrap();
        assert_eq!(burn_q.len(), NUM_ACTIONS);
        for (a, b) in q.iter().zip(&burn_q) {
            assert!((a - b).abs() < 1e-4, "{a} vs {b}");
        }
    }
}

#[test]
fn save_load_gives_identical_decisions() {
    let cfg = config(vec![24]);
    let dir = temp_dir("roundtrip");
    let net = QNet::init(&cfg, 11, &Device::flex());
    save_net(&dir, &cfg, &net).unwrap();
    let loaded = NeuralModel::load(dir.to_str().unwrap()).unwrap();
    assert_eq!(loaded.config, cfg);
    assert_eq!(loaded.mlp, net.to_mlp(), "weights round-trip bit for bit");
    let a = decisions(&Arc::new(loaded), 3);
    let b = decisions(
        &Arc::new(NeuralModel {
            config: cfg.clone(),
            mlp: net.to_mlp(),
        }),
        3,
    );
    assert!(a.len() > 50);
    assert_eq!(a, b);
    // The spec string loads the same model.
    let spec = AgentSpec::parse(&format!("neural:{}", dir.display())).unwrap();
    assert_eq!(spec.label(), format!("neural:{}", dir.display()));
    spec.check_game::<ClassicState>().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn masked_actions_are_never_chosen() {
    // Greedy over the legal list only, whatever the values of illegal ids.
    let mut q = vec![0.0f32; NUM_ACTIONS];
    q[5] = 100.0;
    q[9] = 1.0;
    q[3] = 1.0;
    assert_eq!(greedy(&[3, 9, 40], &q), 3, "ties go to the lowest id");
    assert_eq!(greedy(&[40], &q), 40);
    // A network biased towards one action id still plays only legal actions, all game long.
    let cfg = config(vec![8]);
    let mut mlp = QNet::init(&cfg, 5, &Device::flex()).to_mlp();
    let last = mlp.layers.last_mut().unwrap();
    last.b.iter_mut().for_each(|b| *b = -10.0);
    last.b[0] = 1e6;
    let acts = decisions(&Arc::new(NeuralModel { config: cfg, mlp }), 5);
    assert!(acts.len() > 100);
}

#[test]
fn bad_model_files_are_clear_errors() {
    let err = AgentSpec::parse("neural:/no/such/model").unwrap_err();
    assert!(err.contains("no such directory"), "{err}");
    let dir = temp_dir("bad");
    let err = AgentSpec::parse(&format!("neural:{}", dir.display())).unwrap_err();
    assert!(err.contains("config.json"), "{err}");
    std::fs::write(dir.join("config.json"), "{\"format\": 3}").unwrap();
    let err = AgentSpec::parse(&format!("neural:{}", dir.display())).unwrap_err();
    assert!(err.contains("config.json"), "{err}");
    // Absurd sizes are refused before anything is allocated.
    let mut huge = config(vec![8]);
    huge.obs_len = usize::MAX / 8;
    std::fs::write(
        dir.join("config.json"),
        serde_json::to_string(&huge).unwrap(),
    )
    .unwrap();
    let err = AgentSpec::parse(&format!("neural:{}", dir.display())).unwrap_err();
    assert!(err.contains("out of range"), "{err}");
    // A config whose shapes disagree with the weights.
    let cfg = config(vec![8]);
    save_net(&dir, &cfg, &QNet::init(&cfg, 1, &Device::flex())).unwrap();
    let mut wrong = cfg.clone();
    wrong.hidden = vec![9];
    std::fs::write(
        dir.join("config.json"),
        serde_json::to_string(&wrong).unwrap(),
    )
    .unwrap();
    let err = AgentSpec::parse(&format!("neural:{}", dir.display())).unwrap_err();
    assert!(err.contains("model.bpk"), "{err}");
    // Garbage weights.
    std::fs::write(
        dir.join("config.json"),
        serde_json::to_string(&cfg).unwrap(),
    )
    .unwrap();
    std::fs::write(dir.join("model.bpk"), b"not a burnpack file").unwrap();
    let err = AgentSpec::parse(&format!("neural:{}", dir.display())).unwrap_err();
    assert!(err.contains("model.bpk"), "{err}");
    // A classic model cannot play Hot Death.
    save_net(&dir, &cfg, &QNet::init(&cfg, 1, &Device::flex())).unwrap();
    let spec = AgentSpec::parse(&format!("neural:{}", dir.display())).unwrap();
    let err = spec
        .check_game::<uno_engine::hotdeath::HotDeathState>()
        .unwrap_err();
    assert!(err.contains("observation encoder"), "{err}");
    assert!(AgentSpec::parse(&format!("neural:path={},eps=2", dir.display())).is_err());
    assert!(AgentSpec::parse(&format!("neural:path={},depth=2", dir.display())).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every model under `results/models/` (the shipped ones and the earlier stages kept beside
/// them) loads, fits the classic game with its own encoder, and plays whole games legally.
#[test]
fn every_shipped_model_loads_and_plays() {
    fn model_dirs(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        if dir.join("config.json").is_file() && dir.join("model.bpk").is_file() {
            out.push(dir.to_path_buf());
        }
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                model_dirs(&p, out);
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../results/models");
    let mut dirs = Vec::new();
    model_dirs(&root, &mut dirs);
    assert!(dirs.len() >= 8, "{dirs:?}");
    let mut evidence = 0;
    for d in &dirs {
        let model = Arc::new(NeuralModel::load(d.to_str().unwrap()).unwrap());
        model.check_game::<ClassicState>().unwrap();
        evidence += (model.config.encoder.as_deref() == Some("classic-evidence")) as usize;
        let opts: ClassicOptions = serde_json::from_value(model.config.options.clone()).unwrap();
        let mut agent = NeuralAgent::<ClassicState>::new("n".into(), model.clone(), 0.0);
        let mut s = ClassicState::new(opts, model.config.players, 7).unwrap();
        let mut rng = Rng::new(1);
        let mut legal = ActionList::new();
        while let Some((seat, kind)) = s.to_act() {
            s.legal_actions(&mut legal);
            let a = agent.act(&Decision::new(&s, seat, kind, &legal), &mut rng);
            s.apply(a)
                .unwrap_or_else(|e| panic!("{}: {e}", d.display()));
        }
    }
    assert!(
        evidence >= 2,
        "the shipped 2-player models read the evidence encoding"
    );
}

#[test]
fn deferred_kinds_are_decided_by_the_heuristic() {
    use uno_agents::{AgentFactory, HeuristicParams};
    use uno_engine::DecisionKind;
    let cfg = config(vec![16]);
    let dir = temp_dir("defer");
    save_net(&dir, &cfg, &QNet::init(&cfg, 13, &Device::flex())).unwrap();
    let spec = |p: &str| AgentSpec::parse(&format!("neural:path={},{p}", dir.display()));
    let hybrid = spec("defer=call_uno+respond").unwrap();
    assert_eq!(
        hybrid.label(),
        format!("neural:path={},defer=call_uno+respond", dir.display())
    );
    // The label parses back to the same spec.
    assert_eq!(
        AgentSpec::parse(&hybrid.label()).unwrap().label(),
        hybrid.label()
    );
    let err = spec("defer=play+dance").unwrap_err();
    assert!(err.contains("'dance'") && err.contains("call_uno"), "{err}");
    let plain = AgentSpec::parse(&format!("neural:{}", dir.display())).unwrap();

    let mut a: Box<dyn Agent<ClassicState>> = hybrid.build();
    let mut net: Box<dyn Agent<ClassicState>> = plain.build();
    let mut heur: Box<dyn Agent<ClassicState>> =
        AgentSpec::Heuristic(HeuristicParams::default()).build();
    let mut legal = ActionList::new();
    let (mut deferred, mut own) = (0, 0);
    for g in 0..40 {
        let mut s = ClassicState::deal(ClassicOptions::default(), 2, 500 + g);
        for agent in [&mut a, &mut net, &mut heur] {
            agent.reset();
        }
        let mut steps = 0;
        while let Some((seat, kind)) = s.to_act() {
            s.legal_actions(&mut legal);
            let d = Decision::new(&s, seat, kind, legal.as_slice());
            let mut r = [Rng::new(g), Rng::new(g), Rng::new(g)];
            let got = a.act(&d, &mut r[0]);
            let want = if matches!(kind, DecisionKind::CallUno | DecisionKind::Respond) {
                deferred += 1;
                heur.act(&d, &mut r[1])
            } else {
                own += 1;
                net.act(&d, &mut r[2])
            };
            assert_eq!(got, want, "{kind:?}");
            s.apply(got).unwrap();
            steps += 1;
            if steps > 3000 {
                break;
            }
        }
    }
    assert!(deferred > 20 && own > 500, "{deferred} {own}");
    let _ = std::fs::remove_dir_all(&dir);
}
