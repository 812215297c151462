/**
 * The headless command line of Hooke, built on picocli; it uses the engine ({@code dev.hooke.core})
 * only.
 *
 * <pre>
 *   hooke run       [scene options] [--integrator ID] [--dt S] [--steps N] [--csv FILE|-] [--every N]
 *   hooke stability [scene options] [--integrator ID] [--periods N] [--json]
 *   hooke help [COMMAND]
 * </pre>
 *
 * <ul>
 *   <li>{@link dev.hooke.cli.HookeCli}: the top command, the error handling and the exit codes
 *       (0 done, also when the system exploded; 1 output not written; 2 bad usage, one line
 *       {@code hooke: --option: problem} on standard error).</li>
 *   <li>{@link dev.hooke.cli.SceneOptions}, {@link dev.hooke.cli.IntegratorOptions}: the mixins
 *       every command that builds a scene shares.</li>
 *   <li>{@link dev.hooke.cli.ObservablesCsv}: the CSV columns of {@code run}.</li>
 *   <li>{@code StabilityCommand}: the text and JSON report of {@code stability}; its class
 *       comment documents the JSON keys and how infinities are encoded.</li>
 * </ul>
 */
package dev.hooke.cli;
