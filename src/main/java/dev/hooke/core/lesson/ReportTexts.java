package dev.hooke.core.lesson;

import dev.hooke.core.solve.SolveOutcome;
import dev.hooke.core.stability.StabilityLimit;
import dev.hooke.core.integrate.LimitFormula;
import java.util.Map;

/**
 * The words of lesson reports in English and Simplified Chinese: the names of checks and actions
 * for people, stability rules and limits, and how a linear solve ended.
 */
public final class ReportTexts {

    private ReportTexts() {
    }

    private static final Map<String, Text> TITLES = Map.ofEntries(
            // checks
            Map.entry("explodes", new Text("explodes", "爆炸")),
            Map.entry(AnswerLeaks.CHECK, new Text("answer not given away", "答案未提前给出")),
            Map.entry(AnswerLeaks.CHOICES, new Text("right choice not marked by its form", "正确选项不因形式而显眼")),
            Map.entry(AnswerLeaks.LENGTH, new Text("short enough to read before the question", "提问前的文字足够简短")),
            Map.entry("bounded", new Text("stays bounded", "保持有界")),
            Map.entry("energy_ratio_per_step", new Text("energy ratio per step", "每步能量比")),
            Map.entry("energy_ratio", new Text("energy ratio", "能量比")),
            Map.entry("energy_range", new Text("energy range", "能量范围")),
            Map.entry("energy_drift", new Text("energy drift", "能量漂移")),
            Map.entry("error_vs_exact", new Text("error against the exact solution", "与精确解的误差")),
            Map.entry("crossings", new Text("equilibrium crossings", "经过平衡位置的次数")),
            Map.entry("max_strain", new Text("largest strain", "最大应变")),
            Map.entry("torn", new Text("torn springs", "断裂的弹簧")),
            Map.entry("cg_iterations", new Text("CG iterations", "共轭梯度迭代次数")),
            Map.entry("solver_converged", new Text("linear solves converge", "线性求解收敛")),
            Map.entry("solver_indefinite", new Text("indefinite matrix", "非正定矩阵")),
            Map.entry("compare_runs", new Text("two runs compared", "两次运行对比")),
            Map.entry("predicted_limit", new Text("predicted stability limit", "预测的稳定性上限")),
            Map.entry("naive_bound", new Text("naive bound 2√(m/k)", "朴素上限 2√(m/k)")),
            Map.entry("omega_max", new Text("highest angular frequency ω_max", "最高角频率 ω_max")),
            Map.entry("limit_over_naive", new Text("limit over the naive bound", "稳定性上限与朴素上限之比")),
            Map.entry("modes_outside", new Text("modes outside the stability region", "稳定区域之外的模态")),
            Map.entry("mode_amplification", new Text("a mode's |R| per step", "一个模态每步的 |R|")),
            Map.entry("modes_limit", new Text("the modes' limit against the analysis", "模态给出的上限与稳定性分析对照")),
            Map.entry("explosion_dt", new Text("measured explosion Δt", "实测爆炸 Δt")),
            Map.entry("sweep_matches_prediction", new Text("Δt sweep against the prediction", "Δt 扫描与预测对照")),
            Map.entry("convergence_order", new Text("convergence order", "收敛阶")),
            // actions (a row when one cannot be played)
            Map.entry("set", new Text("set parameters", "设置参数")),
            Map.entry("integrator", new Text("switch integrator", "切换积分器")),
            Map.entry("run", new Text("run", "运行")),
            Map.entry("reset", new Text("reset", "重置")),
            Map.entry("pause", new Text("pause", "暂停")),
            Map.entry("sweep_dt", new Text("Δt sweep", "Δt 扫描")),
            Map.entry("compare", new Text("compare integrators", "比较积分器")),
            Map.entry("chart", new Text("chart", "图表")),
            // the checker's own rows
            Map.entry("load", new Text("read the lesson file", "读取课程文件")),
            Map.entry("id", new Text("lesson id", "课程 id")));

    /** The names {@link #title} knows: every check and action of the lesson format, "load" and "id". */
    public static java.util.Set<String> titled() {
        return TITLES.keySet();
    }

    /** A check's or action's name for people; an unknown name stands for itself. */
    public static Text title(String name) {
        Text t = TITLES.get(name);
        return t != null ? t : Text.same(name);
    }

    /**
     * A stability rule ({@link StabilityLimit#rule()}): a formula reads the same in both
     * languages, the few rules in words are translated.
     */
    public static Text rule(LimitFormula rule) {
        if (rule.isFormula()) {
            return Text.same(rule.text());
        }
        return new Text(rule.text(), switch (rule) {
            case ENERGY_GROWTH -> "每步能量 ×(1+Δt²ω²)";
            case DAMPED_SPECTRAL -> "有阻尼时 ρ(G(Δt)) = 1";
            case IMPLICIT_NONE -> "隐式：无";
            case PROJECTION_NONE -> "投影法：无";
            case NONE -> "无";
            default -> rule.text();
        });
    }

    /** A limit in words, as {@link StabilityLimit#describe()} gives it in English. */
    public static Text limit(StabilityLimit limit) {
        if (limit.unlimited()) {
            return new Text(limit.describe(), "无（任何 Δt 都稳定）");
        }
        if (limit.unstableAtEveryDt()) {
            return Text.format("unstable at every Δt (%s)", "任何 Δt 都不稳定（%s）", rule(limit.rule()));
        }
        return Text.format("%s s (%s)", "%s s（%s）", String.format(java.util.Locale.ROOT, "%.4g", limit.dtMax()),
                rule(limit.rule()));
    }

    /** How a linear solve ended, in a few words. */
    public static Text outcome(SolveOutcome o) {
        return switch (o) {
            case CONVERGED -> new Text(o.description(), "已收敛");
            case ITERATION_CAP -> new Text(o.description(), "达到迭代次数上限");
            case INDEFINITE -> new Text(o.description(), "矩阵非正定");
            case BREAKDOWN -> new Text(o.description(), "出现非有限值");
        };
    }
}
