/**
 * The built-in scenes, one {@link dev.hooke.core.scene.SceneRecipe} each, listed in
 * {@link dev.hooke.core.scene.SceneRegistry}.
 */
package dev.hooke.core.scene.recipes;
