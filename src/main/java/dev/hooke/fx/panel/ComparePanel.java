package dev.hooke.fx.panel;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.sim.ExplosionReport;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Phrases;
import dev.hooke.fx.model.WorkbenchModel;
import dev.hooke.fx.sim.Snapshot;
import java.util.Locale;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.controlsfx.control.ToggleSwitch;

/**
 * Compare mode's controls: a switch that runs the scene with a second integrator as well (the
 * GAMES101 two-rope demo, for any scene), the second method, and a legend saying which colour is
 * which and how each is doing.
 *
 * <p>Ids: {@code compareToggle}, {@code compareChoice}, {@code compareLegend}.
 */
public final class ComparePanel extends VBox {

    private final Label legend = new Label();
    private String shown = "";

    public ComparePanel(WorkbenchModel model) {
        super(8);
        ToggleSwitch toggle = new ToggleSwitch(I18n.text("compare.toggle"));
        toggle.setId("compareToggle");
        toggle.selectedProperty().bindBidirectional(model.compareProperty());
        ComboBox<IntegratorKind> second = new ComboBox<>();
        second.setId("compareChoice");
        second.getItems().setAll(IntegratorKind.values());
        second.setConverter(new StringConverter<>() {
            @Override
            public String toString(IntegratorKind k) {
                return k == null ? "" : Phrases.integrator(k);
            }

            @Override
            public IntegratorKind fromString(String s) {
                throw new UnsupportedOperationException("not editable");
            }
        });
        second.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(IntegratorKind k, boolean empty) {
                super.updateItem(k, empty);
                setText(empty || k == null ? null : Phrases.integrator(k));
            }
        });
        second.valueProperty().bindBidirectional(model.compareIntegratorProperty());
        second.setMaxWidth(Double.MAX_VALUE);
        second.disableProperty().bind(toggle.selectedProperty().not());
        legend.setId("compareLegend");
        legend.setWrapText(true);
        legend.getStyleClass().addAll("detail", "compare-legend");
        getChildren().addAll(toggle, second, legend);
    }

    /** Shows which system is which, and whether each is running, paused or exploded (FX thread). */
    public void update(Snapshot s) {
        Snapshot.Compare c = s.compare();
        String text = c == null ? "" : I18n.text("compare.legend", Phrases.integrator(s.integrator()),
                state(s.explosion(), s.running()), Phrases.integrator(c.integrator()), state(c.explosion(), s.running()));
        if (!text.equals(shown)) {
            shown = text;
            legend.setText(text);
            legend.setVisible(c != null);
            legend.setManaged(c != null);
        }
    }

    private static String state(ExplosionReport explosion, boolean running) {
        if (explosion != null) {
            return I18n.text("compare.exploded", String.format(Locale.ROOT, "%.2f", explosion.time()));
        }
        return I18n.text(running ? "compare.running" : "compare.paused");
    }
}
